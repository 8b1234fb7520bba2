package dev.keypath.dynamodb.internal.mapping;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * A copy of a mapper that reads each stored value only into a field of its own kind: no number or boolean into
 * text, no number or text into a boolean (Jackson's coercion settings), no number into a {@code java.time}
 * value (which Jackson would take as an epoch timestamp). Text still reads into numbers, which is how a number
 * written with {@code @JsonFormat(shape = STRING)} comes back. Writing is unchanged.
 */
public final class StrictReads {
    private StrictReads() {
    }

    public static JsonMapper of(JsonMapper mapper) {
        SimpleModule dateTimes = new SimpleModule("keypath-strict-date-times");
        dateTimes.setDeserializerModifier(new TextOnlyDateTimes());
        return mapper.rebuild()
                .withCoercionConfig(LogicalType.Textual, c -> c
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(LogicalType.Boolean, c -> c
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.String, CoercionAction.Fail))
                .addModule(dateTimes)
                .build();
    }

    /** Wraps the deserializers of {@code java.time} types so that they refuse numbers. */
    private static final class TextOnlyDateTimes extends ValueDeserializerModifier {
        private static final long serialVersionUID = 1L;

        @Override
        public ValueDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription.Supplier beanDesc,
                                                       ValueDeserializer<?> deserializer) {
            Class<?> type = beanDesc.getBeanClass();
            return type.getName().startsWith("java.time.") ? new TextOnly(deserializer, type) : deserializer;
        }
    }

    /** A date-time deserializer that refuses a number instead of reading it as a timestamp. */
    private static final class TextOnly extends DelegatingDeserializer {
        private final Class<?> type;

        TextOnly(ValueDeserializer<?> delegate, Class<?> type) {
            super(delegate);
            this.type = type;
        }

        @Override
        protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> newDelegatee) {
            return new TextOnly(newDelegatee, type);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
            if (p.currentToken() != null && p.currentToken().isNumeric()) {
                return ctxt.reportInputMismatch(type, "strict reads: a stored number is not a %s (store it as "
                        + "text, or turn strict reads off)", type.getSimpleName());
            }
            return super.deserialize(p, ctxt);
        }
    }
}
