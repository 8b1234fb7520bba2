package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * A {@link KeyId} as JSON: the id's canonical text in a key path ({@code 1234}, {@code %1234} for the string
 * "1234", {@code ~AAEC} for bytes, a UUID's text), which names its type and value exactly and reads back to an
 * equal id. Used for key fields typed {@code KeyId} and for {@code KeyId} values anywhere in an item.
 */
final class KeyIdJson {
    private KeyIdJson() {
    }

    /** Writes an id as its canonical text. */
    public static final class Serializer extends StdSerializer<KeyId> {
        Serializer() {
            super(KeyId.class);
        }

        @Override
        public void serialize(KeyId value, JsonGenerator gen, SerializationContext ctxt) throws JacksonException {
            gen.writeString(value.toString());
        }
    }

    /** Reads an id from its canonical text; anything else is a mismatch naming what was found. */
    public static final class Deserializer extends StdDeserializer<KeyId> {
        Deserializer() {
            super(KeyId.class);
        }

        @Override
        public KeyId deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (KeyId) ctxt.handleUnexpectedToken(KeyId.class, p);
            }
            return parse(p.getString(), ctxt);
        }

        private static KeyId parse(String text, DeserializationContext ctxt) {
            try {
                return KeyPath.parse("/id-" + text).id(0);
            } catch (KeyPathFormatException e) {
                return (KeyId) ctxt.handleWeirdStringValue(KeyId.class, text, "not a key-path id: %s", e.reason());
            }
        }
    }
}
