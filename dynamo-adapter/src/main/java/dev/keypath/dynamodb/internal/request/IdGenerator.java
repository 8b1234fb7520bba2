package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Generates {@link AutoId} key values: random v4 UUIDs, time-ordered v7 UUIDs and per-parent sequences (one
 * atomic {@code UpdateItem ADD} on a counter item in its own partition). Does no I/O itself: the caller runs
 * the counter request ({@link #counterRequest}) synchronously or asynchronously and supplies its value.
 * Thread-safe.
 */
public final class IdGenerator {
    /** Made on the first v7 id: a table that generates none never starts the RNG. */
    private static final class RandomBits {
        static final SecureRandom INSTANCE = new SecureRandom();
    }
    private final Clock clock;
    /**
     * The last v7 id's milliseconds and 12-bit counter ({@code millis << 12 | counter}): the next id comes after it,
     * so a table's ids sort in the order they were made, also within one millisecond or when the clock steps back.
     */
    private final AtomicLong lastV7 = new AtomicLong(Long.MIN_VALUE);

    public IdGenerator(Clock clock) {
        this.clock = clock;
    }

    /** Checks the counter key of a type that uses sequences (whether or not the id is set) before any request. */
    public static void checkCounterKey(DefaultItemSchema<?> schema, Object item) {
        if (schema.usesSequence()) {
            KeyLimits.checkKey(counterKey(schema.sequencePrefix(item)));
        }
    }

    /** True if {@code item} has an unset {@link AutoId.Strategy#SEQUENCE} field, i.e. needs a counter value. */
    public static boolean needsSequence(DefaultItemSchema<?> schema, Object item) {
        return schema.keyFields().stream().anyMatch(f -> f.autoId() == AutoId.Strategy.SEQUENCE
                && f.fieldType().isUnset(f.property().get(item)));
    }

    /**
     * Values for the unset auto-id fields of {@code item}; empty if none.
     *
     * @param sequence next counter value for a collection prefix; called only for an unset sequence field
     */
    public Map<String, Object> generate(DefaultItemSchema<?> schema, Object item, ToLongFunction<KeyPath> sequence) {
        Map<String, Object> out = null;
        for (DefaultItemSchema.KeyField f : schema.keyFields()) {
            if (f.autoId() == null || !f.fieldType().isUnset(f.property().get(item))) {
                continue;
            }
            if (out == null) {
                out = new LinkedHashMap<>();
            }
            Object value = switch (f.autoId()) {
                case UUID_V4 -> UUID.randomUUID();
                case UUID_V7 -> nextV7();
                case SEQUENCE -> narrow(f.fieldType().type(), sequence.applyAsLong(schema.sequencePrefix(item)));
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

    /**
     * The next v7 id of this table (RFC 9562 section 6.2, method 1): the clock's millisecond and a 12-bit counter
     * that starts at random in the lower half of its range each new millisecond and counts up within one; when it
     * runs out, or the clock reads earlier than the last id, the id takes the last one's time plus one.
     */
    private UUID nextV7() {
        long now = clock.millis() & 0xFFFF_FFFF_FFFFL;
        long next = lastV7.updateAndGet(last -> {
            long fresh = now << 12 | RandomBits.INSTANCE.nextInt(1 << 11);
            return fresh > last ? fresh : last + 1;
        });
        return uuidV7(next >>> 12, next & 0xFFF);
    }

    /** RFC 9562 version 7: 48-bit Unix milliseconds, version, 12 random bits, variant, 62 random bits. */
    public static UUID uuidV7(long epochMillis) {
        return uuidV7(epochMillis, RandomBits.INSTANCE.nextInt(1 << 12));
    }

    private static UUID uuidV7(long epochMillis, long randA) {
        long msb = (epochMillis & 0xFFFF_FFFF_FFFFL) << 16 | 0x7000L | randA;
        long lsb = (RandomBits.INSTANCE.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(msb, lsb);
    }

    /** Key of the counter item for a collection prefix such as {@code /user-1/post}. */
    public static KeyPath counterKey(KeyPath collectionPrefix) {
        return KeyPath.of(TableAttributes.SEQUENCE_NAMESPACE, KeyId.of(collectionPrefix.toString()));
    }

    /** The atomic increment of the counter of {@code collectionPrefix}; its value is read by {@link #counterValue}. */
    public static UpdateItemRequest counterRequest(String table, KeyPath collectionPrefix) {
        KeyPath key = counterKey(collectionPrefix);
        return UpdateItemRequest.builder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).tableName(table).key(KeyLimits.keyOf(key))
                .updateExpression("SET #t = :t ADD #n :one")
                .expressionAttributeNames(Map.of("#t", TableAttributes.TYPE, "#n", "n"))
                .expressionAttributeValues(Map.of(":t", AttributeValues.string(TableAttributes.SEQUENCE_TYPE),
                        ":one", AttributeValues.number(1)))
                .returnValues(ReturnValue.UPDATED_NEW).build();
    }

    /** The new counter value returned by {@link #counterRequest}. */
    public static long counterValue(UpdateItemResponse response) {
        return Long.parseLong(response.attributes().get("n").n());
    }
}
