package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.ToLongFunction;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Generates {@link AutoId} key values: random v4 UUIDs, v7 UUIDs in the order they are made and per-parent
 * sequences (one atomic {@code UpdateItem ADD} on a counter item in its own partition). Does no I/O itself: the
 * caller runs the counter request ({@link #counterRequest}) synchronously or asynchronously and supplies its value.
 * Thread-safe.
 */
public final class IdGenerator {
    /** The v7 ids of every table on the system clock in this JVM, so that the ids of all of them sort in order. */
    private static final UuidV7Sequence SYSTEM_CLOCK_IDS = new UuidV7Sequence();
    private final Clock clock;
    /** This table's v7 ids: the JVM's on the system clock, its own on any other clock. */
    private final UuidV7Sequence v7;

    public IdGenerator(Clock clock) {
        this.clock = clock;
        this.v7 = clock.equals(Clock.system(clock.getZone())) ? SYSTEM_CLOCK_IDS : new UuidV7Sequence();
    }

    /** Checks the counter key of a type that uses sequences (whether or not the id is set) before any request. */
    public static void checkCounterKey(DefaultItemSchema<?> schema, Object item) {
        if (schema.usesSequence()) {
            KeyLimits.checkKey(counterKey(schema.sequencePrefix(item)));
        }
    }

    /** True if {@code item} has an unset {@link AutoId.Strategy#SEQUENCE} field, i.e. needs a counter value. */
    public static boolean needsSequence(DefaultItemSchema<?> schema, Object item) {
        if (!schema.usesSequence()) {
            return false;
        }
        for (DefaultItemSchema.KeyField f : schema.keyFields()) {
            if (f.autoId() == AutoId.Strategy.SEQUENCE && f.fieldType().isUnset(f.property().get(item))) {
                return true;
            }
        }
        return false;
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
                case UUID_V7 -> v7.next(clock.millis());
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

    /** Key of the counter item for a collection prefix such as {@code /user-1/post}. */
    public static KeyPath counterKey(KeyPath collectionPrefix) {
        return KeyPath.of(TableAttributes.SEQUENCE_NAMESPACE, KeyId.of(collectionPrefix.toString()));
    }

    /**
     * The atomic increment of the counter of {@code collectionPrefix}, asking for {@code capacity} (null: not
     * asking); its value is read by {@link #counterValue}.
     */
    public static UpdateItemRequest counterRequest(String table, KeyPath collectionPrefix,
                                                   ReturnConsumedCapacity capacity) {
        KeyPath key = counterKey(collectionPrefix);
        return UpdateItemRequest.builder().returnConsumedCapacity(capacity).tableName(table).key(KeyLimits.keyOf(key))
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
