package dev.keypath.streams;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Lambda's JSON event for DynamoDB streams, both ways: SDK records written in the shape Lambda delivers (DynamoDB
 * JSON with base64 for binary, the creation time in epoch seconds, PascalCase inside {@code dynamodb}), and that
 * JSON read into {@code aws-lambda-java-events}' {@link DynamodbEvent} the way Lambda's Java runtime reads it
 * (property names matched without case, dates from epoch seconds).
 */
final class LambdaJson {
    static final JsonMapper READER = JsonMapper.builder()
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .addMixIn(StreamRecord.class, StreamRecordDates.class)
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    static final String SOURCE_ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/app/stream/2026-01-01T00:00:00.000";

    private LambdaJson() {
    }

    /** The event JSON Lambda hands a function for these records. */
    static String event(List<Record> records) {
        ObjectNode event = NODES.objectNode();
        ArrayNode out = event.putArray("Records");
        for (Record r : records) {
            out.add(record(r));
        }
        return READER.writeValueAsString(event);
    }

    static ObjectNode record(Record r) {
        ObjectNode n = NODES.objectNode();
        putText(n, "eventID", r.eventID());
        putText(n, "eventName", r.eventNameAsString());
        putText(n, "eventVersion", r.eventVersion());
        putText(n, "eventSource", r.eventSource());
        putText(n, "awsRegion", r.awsRegion());
        if (r.dynamodb() != null) {
            var d = r.dynamodb();
            ObjectNode s = n.putObject("dynamodb");
            if (d.approximateCreationDateTime() != null) {
                s.put("ApproximateCreationDateTime", d.approximateCreationDateTime().toEpochMilli() / 1000.0);
            }
            if (d.hasKeys()) {
                s.set("Keys", item(d.keys()));
            }
            if (d.hasNewImage()) {
                s.set("NewImage", item(d.newImage()));
            }
            if (d.hasOldImage()) {
                s.set("OldImage", item(d.oldImage()));
            }
            putText(s, "SequenceNumber", d.sequenceNumber());
            if (d.sizeBytes() != null) {
                s.put("SizeBytes", d.sizeBytes());
            }
            putText(s, "StreamViewType", d.streamViewTypeAsString());
        }
        if (r.userIdentity() != null) {
            ObjectNode u = n.putObject("userIdentity");
            putText(u, "type", r.userIdentity().type());
            putText(u, "principalId", r.userIdentity().principalId());
        }
        n.put("eventSourceARN", SOURCE_ARN);
        return n;
    }

    /** The Lambda event model read from the JSON, as the Java runtime would hand it to a handler. */
    static DynamodbEvent read(String json) {
        return READER.readValue(json, DynamodbEvent.class);
    }

    private static void putText(ObjectNode n, String name, String value) {
        if (value != null) {
            n.put(name, value);
        }
    }

    private static ObjectNode item(Map<String, AttributeValue> item) {
        ObjectNode n = NODES.objectNode();
        item.forEach((k, v) -> n.set(k, value(v)));
        return n;
    }

    private static ObjectNode value(AttributeValue v) {
        ObjectNode n = NODES.objectNode();
        switch (v.type()) {
            case S -> n.put("S", v.s());
            case N -> n.put("N", v.n());
            case B -> n.put("B", Base64.getEncoder().encodeToString(v.b().asByteArray()));
            case BOOL -> n.put("BOOL", v.bool());
            case NUL -> n.put("NULL", v.nul());
            case SS -> v.ss().forEach(n.putArray("SS")::add);
            case NS -> v.ns().forEach(n.putArray("NS")::add);
            case BS -> v.bs().forEach(b -> n.withArray("BS").add(Base64.getEncoder().encodeToString(b.asByteArray())));
            case L -> {
                ArrayNode l = n.putArray("L");
                v.l().forEach(e -> l.add(value(e)));
            }
            case M -> n.set("M", item(v.m()));
            default -> { } // an attribute with no type: an empty object
        }
        return n;
    }

    /** Lambda's runtime reads the creation time as epoch seconds. */
    abstract static class StreamRecordDates {
        @JsonDeserialize(using = EpochSeconds.class)
        abstract void setApproximateCreationDateTime(Date date);
    }

    static final class EpochSeconds extends ValueDeserializer<Date> {
        @Override
        public Date deserialize(JsonParser p, DeserializationContext ctxt) {
            return new Date(Math.round(p.getDoubleValue() * 1000));
        }
    }
}
