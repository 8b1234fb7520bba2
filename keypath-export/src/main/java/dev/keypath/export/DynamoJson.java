package dev.keypath.export;

import java.io.Writer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * One line of a {@code DYNAMODB_JSON} data file, {@code {"Item":{"name":{"S":"x"},...}}}, read into an attribute
 * map and written from one, with Jackson's streaming API. Numbers stay the text DynamoDB gave them; binary values
 * are standard base64. Reading is strict: one type descriptor per value, known descriptors only, numbers that
 * parse, base64 that decodes, non-empty sets. Stateless and thread-safe.
 */
final class DynamoJson {
    static final JsonMapper MAPPER = JsonMapper.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();
    private static final String ITEM = "Item";

    private DynamoJson() {
    }

    /** A line that is not one well-formed item; the message names the attribute (as {@code Item.a.M.b}) when known. */
    static final class BadLineException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadLineException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The item of one line. */
    static Map<String, AttributeValue> readLine(String line) {
        try (JsonParser p = MAPPER.createParser(line)) {
            expect(p, p.nextToken(), JsonToken.START_OBJECT, "the line");
            Map<String, AttributeValue> item = null;
            for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                String name = p.currentName();
                if (!ITEM.equals(name) || item != null) {
                    throw new BadLineException("expected exactly one field \"Item\", found \"" + name + "\"", null);
                }
                item = readMap(p, ITEM);
            }
            if (item == null) {
                throw new BadLineException("no \"Item\" field", null);
            }
            if (p.nextToken() != null) {
                throw new BadLineException("text after the item's closing brace", null);
            }
            return item;
        } catch (JacksonException e) {
            throw new BadLineException("not JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static Map<String, AttributeValue> readMap(JsonParser p, String where) {
        expect(p, p.nextToken(), JsonToken.START_OBJECT, where);
        Map<String, AttributeValue> map = new LinkedHashMap<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
            String name = p.currentName();
            map.put(name, readValue(p, where + "." + name));
        }
        return map;
    }

    private static AttributeValue readValue(JsonParser p, String where) {
        expect(p, p.nextToken(), JsonToken.START_OBJECT, where);
        return readOpenValue(p, where);
    }

    /** A value whose opening brace the parser has just read. */
    private static AttributeValue readOpenValue(JsonParser p, String where) {
        JsonToken name = p.nextToken();
        if (name == JsonToken.END_OBJECT) {
            throw new BadLineException(where + ": no type descriptor", null);
        }
        String type = p.currentName();
        String at = where + "." + type;
        AttributeValue value = switch (type) {
            case "S" -> AttributeValue.fromS(string(p, at));
            case "N" -> AttributeValue.fromN(number(string(p, at), at));
            case "B" -> AttributeValue.fromB(binary(string(p, at), at));
            case "BOOL" -> AttributeValue.fromBool(bool(p, at));
            case "NULL" -> {
                if (!bool(p, at)) {
                    throw new BadLineException(at + ": NULL must be true", null);
                }
                yield AttributeValue.fromNul(true);
            }
            case "SS" -> AttributeValue.fromSs(strings(p, at));
            case "NS" -> {
                List<String> ns = strings(p, at);
                ns.forEach(n -> number(n, at));
                yield AttributeValue.fromNs(ns);
            }
            case "BS" -> {
                List<SdkBytes> bs = new ArrayList<>();
                strings(p, at).forEach(b -> bs.add(binary(b, at)));
                yield AttributeValue.fromBs(bs);
            }
            case "L" -> {
                expect(p, p.nextToken(), JsonToken.START_ARRAY, at);
                List<AttributeValue> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    expect(p, p.currentToken(), JsonToken.START_OBJECT, at + "[" + list.size() + "]");
                    list.add(readOpenValue(p, at + "[" + list.size() + "]"));
                }
                yield AttributeValue.fromL(list);
            }
            case "M" -> AttributeValue.fromM(readMap(p, at));
            default -> throw new BadLineException(where + ": unknown type descriptor \"" + type + "\"", null);
        };
        if (p.nextToken() != JsonToken.END_OBJECT) {
            throw new BadLineException(where + ": more than one type descriptor (\"" + type + "\" and \""
                    + p.currentName() + "\")", null);
        }
        return value;
    }

    private static String string(JsonParser p, String where) {
        expect(p, p.nextToken(), JsonToken.VALUE_STRING, where);
        return p.getString();
    }

    private static boolean bool(JsonParser p, String where) {
        JsonToken t = p.nextToken();
        if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
            throw new BadLineException(where + ": expected true or false, found " + describe(t), null);
        }
        return t == JsonToken.VALUE_TRUE;
    }

    private static List<String> strings(JsonParser p, String where) {
        expect(p, p.nextToken(), JsonToken.START_ARRAY, where);
        List<String> values = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            expect(p, t, JsonToken.VALUE_STRING, where + "[" + values.size() + "]");
            values.add(p.getString());
        }
        if (values.isEmpty()) {
            throw new BadLineException(where + ": a set cannot be empty", null);
        }
        return values;
    }

    private static String number(String text, String where) {
        try {
            new BigDecimal(text);
            return text;
        } catch (NumberFormatException e) {
            throw new BadLineException(where + ": \"" + text + "\" is not a number", e);
        }
    }

    private static SdkBytes binary(String base64, String where) {
        try {
            return SdkBytes.fromByteArrayUnsafe(Base64.getDecoder().decode(base64));
        } catch (IllegalArgumentException e) {
            throw new BadLineException(where + ": not base64: " + e.getMessage(), e);
        }
    }

    private static void expect(JsonParser p, JsonToken actual, JsonToken expected, String where) {
        if (actual != expected) {
            throw new BadLineException(where + ": expected " + describe(expected) + ", found " + describe(actual), null);
        }
    }

    private static String describe(JsonToken t) {
        if (t == null) {
            return "the end of the line";
        }
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a JSON number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            case END_OBJECT -> "the end of an object";
            case END_ARRAY -> "the end of an array";
            default -> t.name();
        };
    }

    /** Writes {@code item} as one line, without the line break. */
    static void writeLine(Map<String, AttributeValue> item, Writer out) {
        try (JsonGenerator g = MAPPER.createGenerator(out)) {
            g.writeStartObject();
            g.writeName(ITEM);
            writeMap(g, item);
            g.writeEndObject();
        }
    }

    private static void writeMap(JsonGenerator g, Map<String, AttributeValue> map) {
        g.writeStartObject();
        for (Map.Entry<String, AttributeValue> e : map.entrySet()) {
            g.writeName(e.getKey());
            writeValue(g, e.getValue());
        }
        g.writeEndObject();
    }

    private static void writeValue(JsonGenerator g, AttributeValue v) {
        g.writeStartObject();
        switch (v.type()) {
            case S -> g.writeName("S").writeString(v.s());
            case N -> g.writeName("N").writeString(v.n());
            case B -> g.writeName("B").writeString(Base64.getEncoder().encodeToString(v.b().asByteArrayUnsafe()));
            case BOOL -> g.writeName("BOOL").writeBoolean(v.bool());
            case NUL -> g.writeName("NULL").writeBoolean(true);
            case SS -> writeStrings(g, "SS", v.ss());
            case NS -> writeStrings(g, "NS", v.ns());
            case BS -> {
                g.writeName("BS").writeStartArray();
                v.bs().forEach(b -> g.writeString(Base64.getEncoder().encodeToString(b.asByteArrayUnsafe())));
                g.writeEndArray();
            }
            case L -> {
                g.writeName("L").writeStartArray();
                v.l().forEach(e -> writeValue(g, e));
                g.writeEndArray();
            }
            case M -> {
                g.writeName("M");
                writeMap(g, v.m());
            }
            default -> throw new IllegalArgumentException("attribute value of unknown type: " + v);
        }
        g.writeEndObject();
    }

    private static void writeStrings(JsonGenerator g, String type, List<String> values) {
        g.writeName(type).writeStartArray();
        values.forEach(g::writeString);
        g.writeEndArray();
    }
}
