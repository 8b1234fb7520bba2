package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.IdAllocationException;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.request.IdGenerator;
import dev.keypath.dynamodb.internal.request.KeyLimits;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The allocation of one free sequence id under a collection such as {@code /user-1/post}, as a state machine
 * with no I/O: an {@link Operation} of up to four kinds of request, run by either table's driver.
 *
 * <p>The counter knows only the ids it handed out; ids written explicitly or by another client are invisible to
 * it. So each value the counter gives is probed (a consistent, keys-only {@code GetItem}); when the id is taken,
 * the highest integer id in use at or above it is looked up (one descending {@code Query}, a page of keys) and
 * the counter is moved past it ({@code SET} guarded so it never moves back), then a new value is taken. After
 * {@link #MAX_ATTEMPTS} taken ids it gives up with {@link IdAllocationException}. A put that uses the id is
 * still create-only, so an id taken between the probe and the put fails that put instead of overwriting.
 * For a sharded type the probe reads the candidate's shard and the look-up queries every shard in turn.
 * Not thread-safe: one instance per allocation.
 */
final class SequenceAllocation implements Operation<Long> {
    /** Values taken from the counter before giving up. */
    public static final int MAX_ATTEMPTS = 8;
    /** Keys read per look-up of the highest id in use. */
    private static final int HIGHEST_PAGE = 25;

    private final String table;
    private final KeyPath collection;
    private final KeyPath parent;
    private final String namespace;
    private final List<Long> taken = new ArrayList<>();
    /** The type whose item gets the id, for the shard of its key; null for an unsharded key. */
    private final DefaultItemSchema<?> schema;
    /** What every request asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    /** The shards the look-up of the highest id has still to query, after the one in flight. */
    private int shardsLeft;
    /** Whether the look-up has still to query the unsharded partition a re-shard moves items from. */
    private boolean unshardedLeft;
    /** The highest id the look-up found so far. */
    private long highest;
    private long candidate;
    private Step next;
    private boolean done;

    /**
     * Starts the allocation of an id under {@code collection} for an item of {@code schema}'s type, its requests
     * asking for {@code ask} (null: not asking).
     */
    public SequenceAllocation(String table, KeyPath collection, DefaultItemSchema<?> schema,
                              ReturnConsumedCapacity ask) {
        this.table = table;
        this.ask = ask;
        this.schema = schema == null || schema.shards() == null ? null : schema;
        this.collection = collection;
        this.parent = collection.prefix(collection.size() - 1);
        this.namespace = collection.namespace(collection.size() - 1);
        this.next = take();
    }

    @Override
    public Step next() {
        return next;
    }

    /** The free id, once {@link #next()} returned {@link Step#DONE}. */
    @Override
    public Long result() {
        if (!done) {
            throw new IllegalStateException("the sequence id is not allocated yet");
        }
        return candidate;
    }

    private void accept(UpdateItemResponse counter) {
        candidate = IdGenerator.counterValue(counter);
        KeyPath path = itemPath(candidate);
        next = Step.Exchange.of(DynamoApi.GET_ITEM, GetItemRequest.builder().returnConsumedCapacity(ask).tableName(table).key(probeKey(path)).consistentRead(true)
                .projectionExpression("#pk").expressionAttributeNames(Map.of("#pk", TableAttributes.PK)).build(),
                this::accept);
    }

    private void accept(GetItemResponse probe) {
        if (!probe.hasItem() || probe.item().isEmpty()) {
            done = true;
            next = Step.DONE;
            return;
        }
        taken.add(candidate);
        if (taken.size() >= MAX_ATTEMPTS) {
            throw new IdAllocationException("No free sequence id after " + taken.size() + " attempts: ids "
                    + taken + " were occupied by items the counter did not hand out (written with explicit ids or "
                    + "by another client, or concurrently); retry the put, or give the id explicitly", collection);
        }
        highest = candidate;
        shardsLeft = schema == null ? 0 : schema.shards().readCount(); // both layouts while a re-shard runs
        unshardedLeft = schema != null && schema.shards().resharding() && schema.shards().former().unsharded();
        if (shardsLeft == 0) {
            unshardedLeft = false;
        }
        next = highestQuery(shardsLeft == 0 ? -1 : --shardsLeft);
    }

    /** The stored key of the item {@code path} names: in its shard when the type is sharded and it is one. */
    private Map<String, AttributeValue> probeKey(KeyPath path) {
        return schema != null && path.size() == schema.keyPathTemplate().size() ? KeyLimits.keyOf(schema, path)
                : KeyLimits.keyOf(path);
    }

    /** The look-up of the highest id in use in the collection's partition, or in its shard {@code shard} (≥ 0). */
    private Step highestQuery(int shard) {
        KeyRange above = KeyRange.between(itemPath(candidate), itemPath(Long.MAX_VALUE));
        byte[] pk = shard < 0 ? above.partitionKey() : ShardKeys.encode(above.partitionKey(), shard);
        return Step.Exchange.of(DynamoApi.QUERY, QueryRequest.builder().returnConsumedCapacity(ask).tableName(table)
                .keyConditionExpression("#pk = :pk AND #sk BETWEEN :lo AND :hi")
                .expressionAttributeNames(Map.of("#pk", TableAttributes.PK, "#sk", TableAttributes.SK))
                .expressionAttributeValues(Map.of(":pk", AttributeValues.binary(pk),
                        ":lo", AttributeValues.binary(above.lowerSortKey()),
                        ":hi", AttributeValues.binary(above.upperSortKey())))
                .projectionExpression("#pk, #sk").scanIndexForward(false).limit(HIGHEST_PAGE).consistentRead(true)
                .build(), this::accept);
    }

    private void accept(QueryResponse found) {
        long max = highest;
        for (Map<String, AttributeValue> item : found.items()) {
            KeyId id = idAtCollection(item);
            if (id != null && id.type() == KeyId.Type.INTEGER && id.asBigInteger().bitLength() < 64) {
                max = Math.max(max, id.asLong()); // descending: the first integer id is the highest
                break;
            }
        }
        highest = max;
        if (shardsLeft > 0) {
            next = highestQuery(--shardsLeft);
            return;
        }
        if (unshardedLeft) { // a re-shard from one partition: items not moved yet are in its unsharded key
            unshardedLeft = false;
            next = highestQuery(-1);
            return;
        }
        if (max <= candidate) {
            next = take();
            return;
        }
        KeyPath counter = IdGenerator.counterKey(collection);
        next = new Step.Exchange<>(DynamoApi.UPDATE_ITEM, UpdateItemRequest.builder().returnConsumedCapacity(ask).tableName(table).key(KeyLimits.keyOf(counter))
                .updateExpression("SET #n = :max, #t = :t")
                .conditionExpression("attribute_not_exists(#n) OR #n < :max")
                .expressionAttributeNames(Map.of("#n", "n", "#t", TableAttributes.TYPE))
                .expressionAttributeValues(Map.of(":max", AttributeValues.number(max),
                        ":t", AttributeValues.string(TableAttributes.SEQUENCE_TYPE)))
                .build(), moved -> advanced(), this::advanceFailed);
    }

    /** The counter was moved forward, or had already been moved further by another writer. */
    private void advanced() {
        next = take();
    }

    private void advanceFailed(RuntimeException e) {
        if (!(e instanceof ConditionalCheckFailedException)) {
            throw e;
        }
        advanced(); // another writer moved the counter further already
    }

    private Step take() {
        return Step.Exchange.of(DynamoApi.UPDATE_ITEM, IdGenerator.counterRequest(table, collection, ask), this::accept);
    }

    private KeyPath itemPath(long id) {
        return parent.then(namespace, id);
    }

    /** The id a stored item has at the collection's position, or null if it is not an item of the collection. */
    private KeyId idAtCollection(Map<String, AttributeValue> item) {
        KeyPath path;
        try {
            path = DefaultItemSchema.keyPathOfItem(item);
        } catch (RuntimeException e) {
            return null;
        }
        int position = collection.size() - 1;
        if (path.size() <= position || !path.namespace(position).equals(namespace)) {
            return null;
        }
        return path.id(position);
    }
}
