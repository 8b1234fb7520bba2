package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.dynamodb.ItemMappingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.Base64Variant;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.io.NumberInput;

/**
 * A Jackson {@link JsonGenerator} that builds native DynamoDB attribute values (N, S, B, BOOL, L, M, NULL, SS, NS,
 * BS) while a serializer writes, with no token buffer in between: strings as S, integers as written,
 * {@code BigDecimal}s with their scale (plain unless the exponent is extreme), floating-point numbers through
 * {@link BigDecimal#valueOf(double)}, numbers written as text as a token buffer's parser read them, binary as B,
 * booleans and null as BOOL and NULL; arrays, objects and sets as {@link AttributeTreeGenerator} builds them. Like
 * the token buffer it offers no native type ids or binary UUIDs (so UUIDs stay strings), and it cannot hold POJOs,
 * trees or raw JSON: those, and non-finite numbers, are reported by {@link #finish} as an
 * {@link ItemMappingException} naming the value's path, after Jackson is done (so Jackson's own errors come first).
 *
 * <p>Two modes: {@link #forValue} builds one value; {@link #forItem} writes the properties of a root object straight
 * into an item's attribute map, skipping those its {@link RootProperties} reject. One instance per serialization; not
 * thread-safe.
 */
final class AttributeValueGenerator extends AttributeTreeGenerator {
    private static final String POJO_PROBLEM = "Jackson produced a POJO node; only JSON-like values are supported";
    private static final boolean FAST_BIG_NUMBERS = StreamReadFeature.USE_FAST_BIG_NUMBER_PARSER.enabledByDefault();
    private static final boolean FAST_DOUBLES = StreamReadFeature.USE_FAST_DOUBLE_PARSER.enabledByDefault();

    private final boolean bigDecimalForFloats;

    private AttributeValueGenerator(String where, boolean bigDecimalForFloats, Map<String, AttributeValue> rootTarget,
                                    RootProperties rootProperties) {
        super(where, rootTarget, rootProperties);
        this.bigDecimalForFloats = bigDecimalForFloats;
    }

    /**
     * A generator for one value; {@code where} names it in errors, {@code bigDecimalForFloats} is the mapper's
     * {@code USE_BIG_DECIMAL_FOR_FLOATS} (it decides how numbers written as text are read).
     */
    public static AttributeValueGenerator forValue(String where, boolean bigDecimalForFloats) {
        return new AttributeValueGenerator(where, bigDecimalForFloats, null, null);
    }

    /** A generator that puts the accepted properties of a root object into {@code target}. */
    public static AttributeValueGenerator forItem(String where, boolean bigDecimalForFloats,
                                           Map<String, AttributeValue> target, RootProperties properties) {
        return new AttributeValueGenerator(where, bigDecimalForFloats, target, properties);
    }

    private void number(String text) {
        add(AttributeValue.createN(text));
    }

    private void floating(double d) {
        if (Double.isFinite(d)) {
            number(BigDecimal.valueOf(d).toString());
        } else {
            fail("DynamoDB numbers cannot be " + d);
        }
    }

    private void embedded(Object value) {
        if (value == null) {
            add(AttributeValues.nul());
        } else if (value instanceof byte[] bytes) {
            add(AttributeValues.binary(bytes.clone()));
        } else {
            fail(POJO_PROBLEM);
        }
    }

    // ---------------------------------------------------------------- text

    @Override
    public JsonGenerator writeString(String text) {
        if (text == null) {
            return writeNull();
        }
        if (scalar(JsonToken.VALUE_STRING)) {
            add(AttributeValue.createS(text));
        }
        return this;
    }

    @Override
    public JsonGenerator writeString(char[] buffer, int offset, int len) {
        if (scalar(JsonToken.VALUE_STRING)) {
            add(AttributeValue.createS(new String(buffer, offset, len)));
        }
        return this;
    }

    @Override
    public JsonGenerator writeRawValue(String text) {
        return rawValue();
    }

    @Override
    public JsonGenerator writeRawValue(String text, int offset, int len) {
        return rawValue();
    }

    @Override
    public JsonGenerator writeRawValue(char[] text, int offset, int len) {
        return rawValue();
    }

    @Override
    public JsonGenerator writeRawValue(SerializableString raw) {
        return rawValue();
    }

    /** Raw JSON cannot become an attribute value (the token buffer held it as an embedded object). */
    private JsonGenerator rawValue() {
        if (scalar(JsonToken.VALUE_EMBEDDED_OBJECT)) {
            fail(POJO_PROBLEM);
        }
        return this;
    }

    // ---------------------------------------------------------------- numbers, booleans, null

    @Override
    public JsonGenerator writeNumber(short v) {
        if (scalar(JsonToken.VALUE_NUMBER_INT)) {
            add(AttributeValues.number(v));
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(int v) {
        if (scalar(JsonToken.VALUE_NUMBER_INT)) {
            add(AttributeValues.number(v));
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(long v) {
        if (scalar(JsonToken.VALUE_NUMBER_INT)) {
            add(AttributeValues.number(v));
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(BigInteger v) {
        if (v == null) {
            return writeNull();
        }
        if (scalar(JsonToken.VALUE_NUMBER_INT)) {
            number(v.toString());
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(double v) {
        if (scalar(JsonToken.VALUE_NUMBER_FLOAT)) {
            floating(v);
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(float v) {
        if (scalar(JsonToken.VALUE_NUMBER_FLOAT)) {
            floating(v);
        }
        return this;
    }

    @Override
    public JsonGenerator writeNumber(BigDecimal v) {
        if (v == null) {
            return writeNull();
        }
        if (scalar(JsonToken.VALUE_NUMBER_FLOAT)) {
            number(AttributeValues.decimalText(v));
        }
        return this;
    }

    /** A number given as text: read as the token buffer's parser reads it, BigDecimal or double by the mapper. */
    @Override
    public JsonGenerator writeNumber(String encodedValue) {
        if (encodedValue == null) {
            return writeNull();
        }
        if (scalar(JsonToken.VALUE_NUMBER_FLOAT)) {
            try {
                if (bigDecimalForFloats) {
                    number(AttributeValues.decimalText(NumberInput.parseBigDecimal(encodedValue, FAST_BIG_NUMBERS)));
                } else {
                    floating(NumberInput.parseDouble(encodedValue, FAST_DOUBLES));
                }
            } catch (NumberFormatException e) {
                fail(e);
            }
        }
        return this;
    }

    @Override
    public JsonGenerator writeBoolean(boolean state) {
        if (scalar(state ? JsonToken.VALUE_TRUE : JsonToken.VALUE_FALSE)) {
            add(AttributeValues.bool(state));
        }
        return this;
    }

    @Override
    public JsonGenerator writeNull() {
        if (scalar(JsonToken.VALUE_NULL)) {
            add(AttributeValues.nul());
        }
        return this;
    }

    // ---------------------------------------------------------------- binary, embedded

    @Override
    public JsonGenerator writeBinary(Base64Variant variant, byte[] data, int offset, int len) {
        if (scalar(JsonToken.VALUE_EMBEDDED_OBJECT)) {
            add(AttributeValues.binary(Arrays.copyOfRange(data, offset, offset + len)));
        }
        return this;
    }

    @Override
    public JsonGenerator writeEmbeddedObject(Object object) {
        if (scalar(object == null ? JsonToken.VALUE_NULL : JsonToken.VALUE_EMBEDDED_OBJECT)) {
            embedded(object);
        }
        return this;
    }
}
