package dev.keypath.dynamodb.internal;

import dev.keypath.dynamodb.ItemMappingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.TokenBuffer;

/**
 * Converts Jackson token streams to native DynamoDB attribute values (N, S, B, BOOL, L, M, NULL) and back. Values
 * travel through a {@link TokenBuffer}, never through a {@code JsonNode} tree: {@link #read} turns the tokens a
 * serializer wrote into attribute values, {@link #write} replays stored values as tokens for a deserializer.
 * The tokens, and so the stored layout, are those a tree would hold: integers as written, {@code BigDecimal}s with
 * their scale, floating-point numbers through {@link BigDecimal#valueOf(double)}.
 */
final class AttributeValues {
    private static final AttributeValue NULL = AttributeValue.builder().nul(true).build();
    private static final AttributeValue TRUE = AttributeValue.builder().bool(true).build();
    private static final AttributeValue FALSE = AttributeValue.builder().bool(false).build();
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    /** Up to 18 digits always fit a long. */
    private static final int SAFE_LONG_DIGITS = 18;

    private AttributeValues() {
    }

    static AttributeValue binary(byte[] bytes) {
        return AttributeValue.builder().b(SdkBytes.fromByteArrayUnsafe(bytes)).build();
    }

    static AttributeValue string(String s) {
        return AttributeValue.builder().s(s).build();
    }

    static AttributeValue number(long n) {
        return AttributeValue.builder().n(Long.toString(n)).build();
    }

    /** A writer serializing by the value's runtime class, as {@code valueToTree} does (never root-wrapped). */
    static ObjectWriter valueWriter(JsonMapper mapper) {
        return mapper.writer().without(SerializationFeature.WRAP_ROOT_VALUE);
    }

    /** An empty buffer for {@code mapper}'s conversions (big decimals forced as {@code valueToTree} forces them). */
    static TokenBuffer buffer(JsonMapper mapper) {
        TokenBuffer buffer = TokenBuffer.forGeneration();
        return mapper.isEnabled(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                ? buffer.forceUseOfBigDecimal(true) : buffer;
    }

    /** Serializes {@code value} with {@code writer} and converts it; {@code where} names it for errors. */
    static AttributeValue toAttribute(ObjectWriter writer, TokenBuffer buffer, Object value, String where) {
        if (value == null) {
            return NULL;
        }
        writer.writeValue(buffer, value);
        try (JsonParser p = buffer.asParser()) {
            p.nextToken();
            return read(p, where);
        }
    }

    /**
     * Converts the value at the parser's current token, with its children, leaving the parser on the value's last
     * token. {@code where} names the value's root for error messages; the path below it comes from the parser.
     */
    static AttributeValue read(JsonParser p, String where) {
        JsonToken token = p.currentToken();
        switch (token) {
            case VALUE_STRING:
                return AttributeValue.builder().s(p.getString()).build();
            case VALUE_NUMBER_INT:
                return AttributeValue.builder().n(integerText(p)).build();
            case VALUE_NUMBER_FLOAT:
                return AttributeValue.builder().n(decimalText(p, where)).build();
            case VALUE_TRUE:
                return TRUE;
            case VALUE_FALSE:
                return FALSE;
            case VALUE_NULL:
                return NULL;
            case VALUE_EMBEDDED_OBJECT: {
                Object embedded = p.getEmbeddedObject();
                if (embedded == null) {
                    return NULL;
                }
                if (embedded instanceof byte[] bytes) {
                    return binary(bytes);
                }
                throw new ItemMappingException("Cannot store " + where(where, p) + ": Jackson produced a POJO node;"
                        + " only JSON-like values are supported");
            }
            case START_ARRAY: {
                List<AttributeValue> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.add(read(p, where));
                }
                return AttributeValue.builder().l(list).build();
            }
            case START_OBJECT: {
                Map<String, AttributeValue> map = new LinkedHashMap<>();
                for (String name = p.nextName(); name != null; name = p.nextName()) {
                    p.nextToken();
                    map.put(name, read(p, where));
                }
                return AttributeValue.builder().m(map).build();
            }
            default:
                throw new ItemMappingException("Cannot store " + where(where, p) + ": Jackson produced a " + token
                        + " token; only JSON-like values are supported");
        }
    }

    /** {@code where} followed by the parser's path below it, as {@code .name[0].other}; for errors only. */
    private static String where(String where, JsonParser p) {
        List<String> parts = new ArrayList<>();
        for (TokenStreamContext c = p.streamReadContext(); c != null && !c.inRoot(); c = c.getParent()) {
            parts.add(c.inArray() ? "[" + c.getCurrentIndex() + "]" : "." + c.currentName());
        }
        StringBuilder sb = new StringBuilder(where);
        for (int i = parts.size() - 1; i >= 0; i--) {
            sb.append(parts.get(i));
        }
        return sb.toString();
    }

    private static String integerText(JsonParser p) {
        return switch (p.getNumberType()) {
            case INT -> Integer.toString(p.getIntValue());
            case LONG -> Long.toString(p.getLongValue());
            default -> p.getBigIntegerValue().toString();
        };
    }

    private static String decimalText(JsonParser p, String where) {
        if (p.getNumberType() == JsonParser.NumberType.BIG_DECIMAL) {
            return decimalText(p.getDecimalValue());
        }
        double d = p.getDoubleValue();
        if (!Double.isFinite(d)) {
            throw new ItemMappingException("Cannot store " + where(where, p) + ": DynamoDB numbers cannot be " + d);
        }
        return BigDecimal.valueOf(d).toString();
    }

    /** Writes a stored attribute value as tokens, as the tree of its JSON form would replay them. */
    static void write(JsonGenerator g, AttributeValue av) {
        switch (av.type()) {
            case S -> g.writeString(av.s());
            case N -> writeNumber(g, av.n());
            case B -> g.writeBinary(av.b().asByteArrayUnsafe());
            case BOOL -> g.writeBoolean(av.bool());
            case NUL -> g.writeNull();
            case L -> {
                g.writeStartArray();
                for (AttributeValue v : av.l()) {
                    write(g, v);
                }
                g.writeEndArray();
            }
            case M -> {
                g.writeStartObject();
                for (Map.Entry<String, AttributeValue> e : av.m().entrySet()) {
                    g.writeName(e.getKey());
                    write(g, e.getValue());
                }
                g.writeEndObject();
            }
            case SS -> {
                g.writeStartArray();
                for (String s : av.ss()) {
                    g.writeString(s);
                }
                g.writeEndArray();
            }
            case NS -> {
                g.writeStartArray();
                for (String n : av.ns()) {
                    writeNumber(g, n);
                }
                g.writeEndArray();
            }
            case BS -> {
                g.writeStartArray();
                for (SdkBytes b : av.bs()) {
                    g.writeBinary(b.asByteArray());
                }
                g.writeEndArray();
            }
            default -> throw new ItemMappingException("Unsupported attribute value type " + av.type());
        }
    }

    /** An integral number as int, long or BigInteger (whichever is smallest), any other as BigDecimal. */
    private static void writeNumber(JsonGenerator g, String text) {
        Number n = canonicalNumber(text);
        if (n instanceof Integer i) {
            g.writeNumber(i.intValue());
        } else if (n instanceof Long l) {
            g.writeNumber(l.longValue());
        } else if (n instanceof BigInteger b) {
            g.writeNumber(b);
        } else {
            g.writeNumber((BigDecimal) n);
        }
    }

    /**
     * The value of a stored number as a reader sees it: an integral value (even written {@code 1.0} or
     * {@code 1E3}) as the smallest of Integer, Long and BigInteger, any other as the exact BigDecimal.
     */
    static Number canonicalNumber(String text) {
        if (isPlainInteger(text)) {
            long v = Long.parseLong(text);
            return v == (int) v ? (Number) (int) v : (Number) v;
        }
        BigDecimal d = new BigDecimal(text);
        if (d.signum() == 0 || d.stripTrailingZeros().scale() <= 0) {
            if (d.compareTo(LONG_MIN) >= 0 && d.compareTo(LONG_MAX) <= 0) {
                long v = d.longValueExact();
                return v == (int) v ? (Number) (int) v : (Number) v;
            }
            return d.toBigIntegerExact();
        }
        return d;
    }

    /** The stored text of a BigDecimal: plain unless the exponent is extreme. */
    static String decimalText(BigDecimal d) {
        return Math.abs(d.scale()) < 64 ? d.toPlainString() : d.toString();
    }

    /** An optional '-' and 1 to 18 digits: always a long. */
    static boolean isPlainInteger(String text) {
        int start = !text.isEmpty() && text.charAt(0) == '-' ? 1 : 0;
        int digits = text.length() - start;
        if (digits < 1 || digits > SAFE_LONG_DIGITS) {
            return false;
        }
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
