package dev.keypath.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * DynamoDB's JSON wire form of the response bodies {@link CannedHttpClient} serves: {@code GetItem},
 * {@code PutItem} and {@code Query} answers, with or without their {@code ConsumedCapacity}. Stateless.
 */
final class DynamoJson {
    private static final JsonFactory JSON = new JsonFactory();

    private DynamoJson() {
    }

    /** A {@code GetItem} answer holding {@code item}; with {@code capacity} unless null. */
    static String getItem(Map<String, AttributeValue> item, ConsumedCapacity capacity) {
        return write(g -> {
            g.writeFieldName("Item");
            item(g, item);
            capacity(g, capacity);
        });
    }

    /** A {@code PutItem} answer (no attributes returned); with {@code capacity} unless null. */
    static String putItem(ConsumedCapacity capacity) {
        return write(g -> capacity(g, capacity));
    }

    /** A {@code Query} answer of {@code items}, all of what it read, and no next page; {@code capacity} unless null. */
    static String query(List<Map<String, AttributeValue>> items, ConsumedCapacity capacity) {
        return write(g -> {
            g.writeNumberField("Count", items.size());
            g.writeNumberField("ScannedCount", items.size());
            g.writeArrayFieldStart("Items");
            for (Map<String, AttributeValue> item : items) {
                item(g, item);
            }
            g.writeEndArray();
            capacity(g, capacity);
        });
    }

    private interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    private static String write(Body body) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            body.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** A {@code ConsumedCapacity} of one table's total and table units (what {@code INDEXES} reports of a get). */
    private static void capacity(JsonGenerator g, ConsumedCapacity c) throws IOException {
        if (c == null) {
            return;
        }
        g.writeObjectFieldStart("ConsumedCapacity");
        g.writeStringField("TableName", c.tableName());
        g.writeNumberField("CapacityUnits", c.capacityUnits());
        if (c.table() != null) {
            g.writeObjectFieldStart("Table");
            g.writeNumberField("CapacityUnits", c.table().capacityUnits());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void item(JsonGenerator g, Map<String, AttributeValue> item) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            g.writeFieldName(e.getKey());
            value(g, e.getValue());
        }
        g.writeEndObject();
    }

    private static void value(JsonGenerator g, AttributeValue v) throws IOException {
        g.writeStartObject();
        switch (v.type()) {
            case S -> g.writeStringField("S", v.s());
            case N -> g.writeStringField("N", v.n());
            case B -> g.writeStringField("B", base64(v.b()));
            case BOOL -> g.writeBooleanField("BOOL", v.bool());
            case NUL -> g.writeBooleanField("NULL", true);
            case SS -> strings(g, "SS", v.ss());
            case NS -> strings(g, "NS", v.ns());
            case BS -> strings(g, "BS", v.bs().stream().map(DynamoJson::base64).toList());
            case L -> {
                g.writeArrayFieldStart("L");
                for (AttributeValue element : v.l()) {
                    value(g, element);
                }
                g.writeEndArray();
            }
            case M -> {
                g.writeFieldName("M");
                item(g, v.m());
            }
            default -> throw new IllegalArgumentException("no JSON form for " + v.type());
        }
        g.writeEndObject();
    }

    private static void strings(JsonGenerator g, String name, List<String> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String s : values) {
            g.writeString(s);
        }
        g.writeEndArray();
    }

    private static String base64(SdkBytes bytes) {
        return Base64.getEncoder().encodeToString(bytes.asByteArrayUnsafe());
    }
}
