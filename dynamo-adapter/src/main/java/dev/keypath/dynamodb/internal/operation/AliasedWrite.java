package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.internal.mapping.TableAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The put or delete of one item of a type with alternate key paths, as an {@link Operation} without I/O:
 * <ol>
 *   <li>a consistent {@code GetItem} of the stored item's key and {@code _kp_aliases} (the snapshot);</li>
 *   <li>one {@code TransactWriteItems}: the item's write, with its own conditions and the condition that the
 *       stored item is still as read; a put of each alias the item gains (only where no alias exists or it points
 *       at this item already); a delete of each alias it loses (or all of them, for a delete).</li>
 * </ol>
 * When the transaction is cancelled: an alias held by another item is a {@link UniqueKeyConflictException}; a
 * failed condition of the item is read again, and if the stored item changed since the snapshot the write starts
 * over, else the caller's condition or version check failed ({@code ConditionFailures}); a conflict with another
 * transaction is retried after a short pause. After {@link #MAX_ATTEMPTS} attempts the last cancellation is
 * thrown as a {@code TransactionFailedException}. Single use; not thread-safe.
 */
final class AliasedWrite implements Operation<Void> {
    /** Transactions tried before giving up. */
    static final int MAX_ATTEMPTS = 10;

    private final String table;
    private final WriteAction item;
    private final String typeName;
    private final List<KeyPath> wanted;
    private Aliases.Snapshot snapshot;
    /** The snapshot of the attempt whose item condition failed, until the item has been read again. */
    private Aliases.Snapshot failedWith;
    private CancellationReason itemFailure;
    private List<WriteAction> actions;
    /** Per action of the current attempt, the alias a put claims, else null. */
    private List<KeyPath> claims;
    private TransactionCanceledException lastCancellation;
    private int attempts;
    private long pauseMillis = -1;
    private boolean done;

    /**
     * @param item     the prepared put or delete of the item
     * @param typeName the item's stored type name
     */
    AliasedWrite(String table, WriteAction item, String typeName) {
        this.table = table;
        this.item = item;
        this.typeName = typeName;
        this.wanted = item.kind() == WriteAction.Kind.PUT
                ? Aliases.paths(item.item().get(TableAttributes.ALIASES), item.keyPath()) : List.of();
    }

    @Override
    public Step next() {
        if (done) {
            return Step.DONE;
        }
        if (pauseMillis >= 0) {
            long millis = pauseMillis;
            pauseMillis = -1;
            return new Step.Pause(millis, () -> TransactWriteRequests.failure(actions, lastCancellation));
        }
        if (snapshot == null) {
            return Step.Exchange.of(DynamoApi.GET_ITEM, Aliases.snapshotRequest(table, item.keyPath()),
                    r -> read(Aliases.Snapshot.of(r.hasItem() ? r.item() : null)));
        }
        return new Step.Exchange<>(DynamoApi.TRANSACT_WRITE_ITEMS, request(), r -> done = true, this::failed);
    }

    @Override
    public Void result() {
        return null;
    }

    private void read(Aliases.Snapshot found) {
        if (failedWith != null && found.equals(failedWith)) {
            // the stored item is as it was: its own condition (mode, version, caller's) failed
            throw ConditionFailures.translate(item, ConditionalCheckFailedException.builder()
                    .message(itemFailure.message()).cause(lastCancellation).build());
        }
        failedWith = null;
        snapshot = found;
    }

    private TransactWriteItemsRequest request() {
        List<KeyPath> stored = snapshot.paths(item.keyPath());
        actions = new ArrayList<>();
        claims = new ArrayList<>();
        actions.add(new WriteAction(item.kind(), item.keyPath(), item.key(), item.item(), item.update(),
                item.condition().and(snapshot.unchanged()), item.expectedVersion(), item.failureHint()));
        claims.add(null);
        for (KeyPath alias : wanted) {
            if (!stored.contains(alias)) {
                actions.add(Aliases.put(alias, item.keyPath(), typeName));
                claims.add(alias);
            }
        }
        for (KeyPath alias : Aliases.removed(stored, wanted)) {
            actions.add(Aliases.delete(alias, item.keyPath()));
            claims.add(null);
        }
        return TransactWriteRequests.request(table, actions, UUID.randomUUID().toString());
    }

    private void failed(RuntimeException e) {
        if (!(e instanceof TransactionCanceledException cancelled)) {
            throw e;
        }
        lastCancellation = cancelled;
        attempts++;
        List<CancellationReason> reasons = cancelled.hasCancellationReasons() ? cancelled.cancellationReasons()
                : List.of();
        boolean conflict = false;
        for (int i = 0; i < reasons.size() && i < actions.size(); i++) {
            String code = reasons.get(i).code();
            if ("ConditionalCheckFailed".equals(code) && claims.get(i) != null) {
                throw new UniqueKeyConflictException(typeName, claims.get(i), item.keyPath(), cancelled);
            }
            conflict |= "TransactionConflict".equals(code);
        }
        if (attempts >= MAX_ATTEMPTS) {
            throw TransactWriteRequests.failure(actions, cancelled);
        }
        if (!reasons.isEmpty() && "ConditionalCheckFailed".equals(reasons.get(0).code())) {
            failedWith = snapshot;
            itemFailure = reasons.get(0);
            snapshot = null;
        } else if (conflict) {
            snapshot = null;
            pauseMillis = ThreadLocalRandom.current().nextLong(5, 20L * attempts + 10);
        } else {
            throw TransactWriteRequests.failure(actions, cancelled);
        }
    }
}
