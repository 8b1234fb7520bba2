package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ReshardInProgressException;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.request.ShardMoveRequests;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.WriteAction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Before a write by key path while a re-shard runs ({@code @Sharded(formerCount)}): moves each written item that is
 * still in its former shard into its new one ({@link ShardMoveRequests}), so that the write that follows finds the
 * item where the new layout keeps it, with every condition, version and unique key path as stored. An item not in
 * its former shard (moved already, or absent) costs one consistent read. A move cancelled by a concurrent change or
 * move reads again, at most {@value #ATTEMPTS} times. Single use.
 */
final class ReshardMoves implements Operation<Void> {
    /** How often one item is read again when its move keeps being cancelled. */
    static final int ATTEMPTS = 25;

    /** One item to move: where it is stored in the former layout and where the new layout keeps it. */
    record Move(KeyPath keyPath, Map<String, AttributeValue> formerKey, byte[] newPartitionKey) {
    }

    private final String table;
    private final List<Move> moves;
    /** What every request asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    private int at;
    private int attempts;
    /** The former copy read and not yet moved, or null. */
    private Map<String, AttributeValue> read;
    private boolean readDone;

    private ReshardMoves(String table, List<Move> moves, ReturnConsumedCapacity ask) {
        this.table = table;
        this.moves = moves;
        this.ask = ask;
    }

    /**
     * The moves the writes of {@code keyPaths} (each with its type's schema; null schemas are left out) need first;
     * an operation that sends nothing when no type of them is being re-sharded. Its requests ask for {@code ask}
     * of capacity (null: not asking).
     */
    static Operation<Void> before(String table, List<DefaultItemSchema<?>> schemas, List<KeyPath> keyPaths,
                                  ReturnConsumedCapacity ask) {
        List<Move> moves = new ArrayList<>();
        for (int i = 0; i < keyPaths.size(); i++) {
            DefaultItemSchema<?> schema = schemas.get(i);
            KeyPath path = keyPaths.get(i);
            byte[] former = schema == null || path == null ? null : schema.formerPartitionKeyOf(path);
            if (former != null) {
                moves.add(new Move(path, Map.of(TableAttributes.PK, AttributeValues.binary(former), TableAttributes.SK,
                        AttributeValues.binary(path.sortKey())), schema.partitionKeyOf(path)));
            }
        }
        return moves.isEmpty() ? Operations.done(null) : new ReshardMoves(table, moves, ask);
    }

    /**
     * {@link #before(String, List, List, ReturnConsumedCapacity)} of one write, its requests asking for {@code ask} of capacity (null: not
     * asking), then {@code write}.
     */
    static <T> Operation<T> then(String table, DefaultItemSchema<?> schema, KeyPath keyPath, Operation<T> write,
                                 ReturnConsumedCapacity ask) {
        if (schema == null || schema.shards() == null || !schema.shards().resharding()) {
            return write;
        }
        return Operations.then(before(table, List.of(schema), List.of(keyPath), ask), moved -> write);
    }

    /**
     * The moves {@code actions} (a batch's or a transaction's prepared writes) need first, then {@code write}: each
     * action's type is the re-sharded type whose template its key path matches and whose new shard its key names.
     * The moves' requests ask for {@code ask} of capacity (null: not asking).
     */
    static <T> Operation<T> then(String table, SchemaRegistry registry, List<WriteAction> actions,
                                 Operation<T> write, ReturnConsumedCapacity ask) {
        List<DefaultItemSchema<?>> resharded = new ArrayList<>();
        for (DefaultItemSchema<?> s : registry.schemas()) {
            if (s.shards() != null && s.shards().resharding() && !s.shards().random()) {
                resharded.add(s);
            }
        }
        if (resharded.isEmpty()) {
            return write;
        }
        List<DefaultItemSchema<?>> schemas = new ArrayList<>();
        List<KeyPath> paths = new ArrayList<>();
        for (WriteAction a : actions) {
            byte[] pk = a.key().get(TableAttributes.PK).b().asByteArrayUnsafe();
            for (DefaultItemSchema<?> s : resharded) {
                if (s.keyPathTemplate().matches(a.keyPath()) && Arrays.equals(pk, s.partitionKeyOf(a.keyPath()))) {
                    schemas.add(s);
                    paths.add(a.keyPath());
                    break;
                }
            }
        }
        return paths.isEmpty() ? write : Operations.then(before(table, schemas, paths, ask), moved -> write);
    }

    @Override
    public Step next() {
        while (at < moves.size()) {
            Move move = moves.get(at);
            if (!readDone) {
                if (++attempts > ATTEMPTS) {
                    throw new ReshardInProgressException("The item at " + move.keyPath() + " kept changing while it "
                            + "was moved into its new shard (" + ATTEMPTS + " attempts); retry the write",
                            move.keyPath());
                }
                return Step.Exchange.of(DynamoApi.GET_ITEM, ShardMoveRequests.read(table, move.formerKey(), ask),
                        (GetItemResponse r) -> {
                            read = r.hasItem() && !r.item().isEmpty() ? r.item() : null;
                            readDone = true;
                        });
            }
            if (read == null) { // not in the former layout: nothing to move
                advance();
                continue;
            }
            return new Step.Exchange<>(DynamoApi.TRANSACT_WRITE_ITEMS,
                    ShardMoveRequests.move(table, read, move.newPartitionKey(), ask), r -> advance(), e -> {
                        ShardMoveRequests.Cancelled why = e instanceof TransactionCanceledException c
                                ? ShardMoveRequests.cancelled(c) : ShardMoveRequests.Cancelled.OTHER;
                        if (why == ShardMoveRequests.Cancelled.NEW_EXISTS) {
                            advance();
                            return;
                        }
                        if (why == ShardMoveRequests.Cancelled.CONFLICT) {
                            readDone = false; // changed or moved meanwhile: read the former copy again
                            read = null;
                            return;
                        }
                        throw e;
                    });
        }
        return Step.DONE;
    }

    private void advance() {
        at++;
        attempts = 0;
        read = null;
        readDone = false;
    }

    @Override
    public Void result() {
        return null;
    }
}
