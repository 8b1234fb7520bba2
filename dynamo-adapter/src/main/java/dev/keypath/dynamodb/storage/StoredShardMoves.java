package dev.keypath.dynamodb.storage;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ShardDeclarationException;
import dev.keypath.dynamodb.internal.request.ShardMoveRequests;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.ShardRule;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Arrays;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The moves of a re-shard ({@code @Sharded(formerCount)}) for a tool that runs it over stored items (keypath-migrate's
 * re-shard): where a stored item belongs in the new layout, and the one conditional {@code TransactWriteItems} that
 * moves it there, the same one the tables send before a write by key (the copy put on condition that none is in the
 * new layout, the former copy deleted on condition that it is unchanged as read).
 */
public final class StoredShardMoves {
    /** What a cancelled move means. */
    public enum Cancelled {
        /** The new layout holds the item already: the stored copy is a leftover. */
        NEW_EXISTS,
        /** The stored copy changed or moved meanwhile: read it again. */
        CONFLICT,
        /** Not a condition: the failure stands. */
        OTHER
    }

    private StoredShardMoves() {
    }

    /**
     * The re-shard {@code schema}'s type declares, as {@code [formerCount, count]}.
     *
     * @throws ShardDeclarationException when the type is not sharded or declares no {@code formerCount}
     */
    public static int[] counts(ItemSchema<?> schema) {
        ShardRule rule = rule(schema);
        return new int[] {rule.former().count(), rule.count()};
    }

    /**
     * The partition key the stored {@code item} of {@code schema}'s type belongs under in the new layout, or null
     * when it is there already: a calculated item's shard for the new count; a random item in a shard beyond the new
     * count gets a shard drawn below it.
     *
     * @throws ShardDeclarationException when the type is not sharded or declares no {@code formerCount}
     */
    public static byte[] newPartitionKey(ItemSchema<?> schema, Map<String, AttributeValue> item) {
        ShardRule rule = rule(schema);
        byte[] stored = item.get(TableAttributes.PK).b().asByteArrayUnsafe();
        KeyPath path = StoredItemLayout.keyPathOf(item);
        if (rule.random()) {
            OptionalInt shard = ShardKeys.decode(stored).shard();
            return shard.isPresent() && rule.holdsShard(shard.getAsInt()) ? null
                    : ShardKeys.encode(path, rule.spec().randomShard(ThreadLocalRandom.current()));
        }
        byte[] target = rule.partitionKey(path, schema.typeName());
        return Arrays.equals(stored, target) ? null : target;
    }

    /** The consistent read of the stored copy whose key {@code key} holds ({@code pk}, {@code sk}). */
    public static GetItemRequest read(String table, Map<String, AttributeValue> key) {
        return ShardMoveRequests.read(table, key);
    }

    /** The move of {@code stored} (as read) to {@code newPartitionKey}. */
    public static TransactWriteItemsRequest move(String table, Map<String, AttributeValue> stored,
                                                 byte[] newPartitionKey) {
        return ShardMoveRequests.move(table, stored, newPartitionKey);
    }

    /** The removal of a leftover copy {@code stored} (the new layout holds the item), if unchanged as read. */
    public static DeleteItemRequest removeLeftover(String table, Map<String, AttributeValue> stored) {
        return ShardMoveRequests.removeLeftover(table, stored);
    }

    /** Why the move {@link #move} built was cancelled. */
    public static Cancelled cancelled(TransactionCanceledException e) {
        return Cancelled.valueOf(ShardMoveRequests.cancelled(e).name());
    }

    private static ShardRule rule(ItemSchema<?> schema) {
        ShardRule rule = schema instanceof DefaultItemSchema<?> d ? d.shards() : null;
        if (rule == null || !rule.resharding()) {
            throw new ShardDeclarationException(schema.typeName() + " declares no re-shard: declare "
                    + "@Sharded(count = NEW, formerCount = OLD, ...) and deploy it before moving its items");
        }
        return rule;
    }
}
