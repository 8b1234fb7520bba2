package dev.keypath.dynamodb.internal;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.annotation.AutoId;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * Generates {@link AutoId} key values: random v4 UUIDs, time-ordered v7 UUIDs and per-parent sequences (one
 * atomic {@code UpdateItem ADD} on a counter item in its own partition). Thread-safe.
 */
final class IdGenerator {
    private static final SecureRandom RANDOM = new SecureRandom();
    private final DynamoDbClient client;
    private final String table;
    private final Clock clock;

    IdGenerator(DynamoDbClient client, String table, Clock clock) {
        this.client = client;
        this.table = table;
        this.clock = clock;
    }

    /** Values for the unset auto-id fields of {@code item}; empty if none. */
    Map<String, Object> generate(DefaultItemSchema<?> schema, Object item) {
        Map<String, Object> out = null;
        for (DefaultItemSchema.KeyField f : schema.keyFields()) {
            if (f.autoId() == null || !f.codec().isUnset(f.property().get(item))) {
                continue;
            }
            if (out == null) {
                out = new LinkedHashMap<>();
            }
            Object value = switch (f.autoId()) {
                case UUID_V4 -> UUID.randomUUID();
                case UUID_V7 -> uuidV7(clock.millis());
                case SEQUENCE -> narrow(f.codec().type(), next(schema.sequencePrefix(item)));
            };
            out.put(f.variable(), value);
        }
        return out == null ? Map.of() : out;
    }

    private static Object narrow(Class<?> type, long v) {
        if (type == int.class || type == Integer.class) {
            return Math.toIntExact(v);
        }
        if (type == short.class || type == Short.class) {
            return (short) Math.toIntExact(v);
        }
        if (type == byte.class || type == Byte.class) {
            return (byte) Math.toIntExact(v);
        }
        return v;
    }

    /** RFC 9562 version 7: 48-bit Unix milliseconds, version, 12 random bits, variant, 62 random bits. */
    static UUID uuidV7(long epochMillis) {
        long randA = RANDOM.nextInt(1 << 12);
        long msb = (epochMillis & 0xFFFF_FFFF_FFFFL) << 16 | 0x7000L | randA;
        long lsb = (RANDOM.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(msb, lsb);
    }

    /** Key of the counter item for a collection prefix such as {@code /user-1/post}. */
    static KeyPath counterKey(KeyPath collectionPrefix) {
        return KeyPath.of(TableAttributes.SEQUENCE_NAMESPACE, KeyId.of(collectionPrefix.toString()));
    }

    private long next(KeyPath collectionPrefix) {
        KeyPath key = counterKey(collectionPrefix);
        KeyLimits.checkKey(key);
        Map<String, AttributeValue> r = client.updateItem(b -> b.tableName(table).key(KeyLimits.keyOf(key))
                .updateExpression("SET #t = :t ADD #n :one")
                .expressionAttributeNames(Map.of("#t", TableAttributes.TYPE, "#n", "n"))
                .expressionAttributeValues(Map.of(":t", AttributeValues.string(TableAttributes.SEQUENCE_TYPE),
                        ":one", AttributeValues.number(1)))
                .returnValues(ReturnValue.UPDATED_NEW)).attributes();
        return Long.parseLong(r.get("n").n());
    }

}
