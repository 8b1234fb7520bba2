package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.RetryBackoff;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.internal.request.Aliases;
import dev.keypath.dynamodb.internal.request.ConditionFailures;
import dev.keypath.dynamodb.internal.request.ExpiredItems;
import dev.keypath.dynamodb.internal.request.ItemReads;
import dev.keypath.dynamodb.internal.request.TransactWriteRequests;
import dev.keypath.dynamodb.internal.request.WriteAction;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.LongSupplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
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
 * When the transaction is cancelled: an alias pointing at another item is looked at, the alias item and then the
 * item it points at (consistent reads); if that item holds it, the write is a {@link UniqueKeyConflictException}
 * naming that item,
 * else the alias is stale (its item was deleted without it, by {@code deleteSubtree} or by TTL) and the next
 * attempt takes it over, with a condition check in the same transaction that the old holder still does not hold
 * it. An item that has expired is taken to hold none of the aliases it lists, since they may have been taken over:
 * it claims them again, and an alias it lists that now points at another item is left to that item; when the
 * write's own condition fails on such an item (an expired item is absent, {@link ExpiredItems}), the item is deleted
 * while still expired and the write starts over, releasing the aliases the deleted item listed. A failed
 * condition of the item is read again, and if the stored item changed since the snapshot the write
 * starts over, else the caller's condition or version check failed ({@code ConditionFailures}); a conflict with another
 * transaction is retried after a short pause. After {@link #MAX_ATTEMPTS} attempts the last cancellation is
 * thrown as a {@code TransactionFailedException}. Single use; not thread-safe.
 */
final class AliasedWrite implements Operation<Void> {
    /** Transactions tried before giving up. */
    static final int MAX_ATTEMPTS = 10;
    /** The pause before a transaction is tried again after another writer's conflicting one. */
    private static final RetryBackoff CONFLICT_BACKOFF = new RetryBackoff(Duration.ofMillis(10), Duration.ofMillis(200));

    private final String table;
    private final WriteAction item;
    private final String typeName;
    private final List<KeyPath> wanted;
    private final LongSupplier now;
    /** What every request asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    /** Aliases whose holder was found not to hold them, with that holder: taken over in the next attempt. */
    private final Map<KeyPath, KeyPath> takeOvers = new HashMap<>();
    /** The alias another item seemed to hold in the last attempt, until its holder has been looked at. */
    private KeyPath contested;
    /** The item the contested alias points at, once read. */
    private KeyPath holder;
    /** The stored key of {@link #holder} (in its shard when its type is sharded). */
    private Map<String, AttributeValue> holderKey;
    /** The stored key of each holder in {@link #takeOvers}. */
    private final Map<KeyPath, Map<String, AttributeValue>> takeOverKeys = new HashMap<>();
    /** The stored key of an item of a type name at a key path: in its shard when that type is sharded. */
    private final BiFunction<String, KeyPath, Map<String, AttributeValue>> storedKeys;
    /** Aliases the stored item lists that point at another item (it took them over): not deleted. */
    private final Set<KeyPath> foreign = new HashSet<>();
    /** Per action index of the current attempt, the alias a delete releases. */
    private final Map<Integer, KeyPath> releases = new HashMap<>();
    private Aliases.Snapshot snapshot;
    /** Whether the expired item the write's condition failed on is to be deleted before the next snapshot. */
    private boolean clearingExpired;
    /** Aliases a deleted expired item listed: released (if still pointing at this item) as the item's own were. */
    private final Set<KeyPath> leftBehind = new HashSet<>();
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
     * @param now      epoch seconds now, to tell whether an alias's holder has expired
     * @param storedKeys the stored key of an alias holder, by its type name and key path
     * @param ask      what every request asks DynamoDB to report of its capacity; null: not asking
     */
    AliasedWrite(String table, WriteAction item, String typeName, LongSupplier now,
                 BiFunction<String, KeyPath, Map<String, AttributeValue>> storedKeys, ReturnConsumedCapacity ask) {
        this.table = table;
        this.ask = ask;
        this.storedKeys = storedKeys;
        this.now = now;
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
        if (contested != null && holder == null) {
            return Step.Exchange.of(DynamoApi.GET_ITEM, ItemReads.request(table, null, Aliases.aliasKey(contested),
                    ReadConsistency.STRONG, ask), r -> contestedAlias(r.hasItem() ? r.item() : null));
        }
        if (contested != null) {
            return Step.Exchange.of(DynamoApi.GET_ITEM, Aliases.holderRequest(table, holderKey, ask),
                    r -> contestedHolder(r.hasItem() ? r.item() : null));
        }
        if (clearingExpired) {
            return new Step.Exchange<>(DynamoApi.DELETE_ITEM, ExpiredItems.clear(table, item, ask),
                    r -> clearingExpired = false, this::clearFailed);
        }
        if (snapshot == null) {
            return Step.Exchange.of(DynamoApi.GET_ITEM, Aliases.snapshotRequest(table, item.key(), ask),
                    r -> read(Aliases.Snapshot.of(r.hasItem() ? r.item() : null, now())));
        }
        return new Step.Exchange<>(DynamoApi.TRANSACT_WRITE_ITEMS, request(), r -> done = true, this::failed);
    }

    @Override
    public Void result() {
        return null;
    }

    private void read(Aliases.Snapshot found) {
        if (failedWith != null && found.equals(failedWith) && found.expired() && ExpiredItems.checksExpiry(item)) {
            // the item's condition failed on an expired item, which is absent: delete it, then write again
            leftBehind.addAll(found.paths(item.keyPath()));
            failedWith = null;
            clearingExpired = true;
            return;
        }
        if (failedWith != null && found.equals(failedWith)) {
            // the stored item is as it was: its own condition (mode, version, caller's) failed
            throw ConditionFailures.translate(item, ConditionalCheckFailedException.builder()
                    .message(itemFailure.message()).cause(lastCancellation).build());
        }
        failedWith = null;
        snapshot = found;
    }

    /** The expired item was written again meanwhile (no longer expired), or is gone: the write starts over. */
    private void clearFailed(RuntimeException e) {
        if (!(e instanceof ConditionalCheckFailedException)) {
            throw e;
        }
        clearingExpired = false;
    }

    /**
     * Now, in epoch seconds: the moment the item's condition judges expiry by, when it does, so that the snapshot
     * and the transaction agree; else the table's clock.
     */
    private long now() {
        return ExpiredItems.checksExpiry(item) ? ExpiredItems.nowOf(item) : now.getAsLong();
    }

    /** The alias that seemed held, as read now: free, ours, or pointing at a holder to look at. */
    private void contestedAlias(Map<String, AttributeValue> alias) {
        KeyPath target = alias == null || alias.isEmpty() ? null : Aliases.targetOf(alias);
        if (target == null || target.equals(item.keyPath())) {
            contested = null; // freed, or ours meanwhile: try again
            giveUpAfterLastAttempt();
            return;
        }
        holder = target;
        AttributeValue type = alias.get(TableAttributes.ALIAS_TARGET_TYPE);
        holderKey = storedKeys.apply(type == null ? null : type.s(), target);
    }

    /** The holder of the contested alias, as read now: it holds the alias (a conflict) or it is stale. */
    private void contestedHolder(Map<String, AttributeValue> stored) {
        if (Aliases.holds(stored, contested, now())) {
            throw new UniqueKeyConflictException(typeName, contested, item.keyPath(), holder, lastCancellation);
        }
        takeOvers.put(contested, holder);
        takeOverKeys.put(holder, holderKey);
        contested = null;
        holder = null;
        holderKey = null;
        giveUpAfterLastAttempt();
    }

    /** Throws the last cancellation once {@link #MAX_ATTEMPTS} transactions have been tried. */
    private void giveUpAfterLastAttempt() {
        if (attempts >= MAX_ATTEMPTS) {
            throw TransactWriteRequests.failure(actions, lastCancellation);
        }
    }

    private TransactWriteItemsRequest request() {
        List<KeyPath> held = snapshot.held(item.keyPath());
        actions = new ArrayList<>();
        claims = new ArrayList<>();
        releases.clear();
        actions.add(new WriteAction(item.kind(), item.keyPath(), item.key(), item.item(), item.update(),
                item.condition().and(snapshot.unchanged()), item.expectedVersion(), item.failureHint()));
        claims.add(null);
        for (KeyPath alias : wanted) {
            if (!held.contains(alias)) {
                KeyPath stale = takeOvers.get(alias);
                actions.add(stale == null ? Aliases.put(alias, item.keyPath(), typeName)
                        : Aliases.takeOver(alias, item.keyPath(), typeName, stale));
                claims.add(alias);
                if (stale != null) {
                    actions.add(Aliases.staleCheck(stale, takeOverKeys.get(stale), alias, now()));
                    claims.add(alias);
                }
            }
        }
        Set<KeyPath> listed = new LinkedHashSet<>(snapshot.paths(item.keyPath()));
        listed.addAll(leftBehind);
        for (KeyPath alias : Aliases.removed(List.copyOf(listed), wanted)) {
            if (!foreign.contains(alias)) {
                actions.add(Aliases.delete(alias, item.keyPath()));
                claims.add(null);
                releases.put(actions.size() - 1, alias);
            }
        }
        return TransactWriteRequests.request(table, actions, UUID.randomUUID().toString(), ask);
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
        boolean released = false;
        for (int i = 0; i < reasons.size() && i < actions.size(); i++) {
            String code = reasons.get(i).code();
            if ("ConditionalCheckFailed".equals(code) && claims.get(i) != null && contested == null) {
                contested = claims.get(i);
            }
            if ("ConditionalCheckFailed".equals(code) && releases.containsKey(i)) {
                foreign.add(releases.get(i)); // another item holds it now: not ours to delete
                released = true;
            }
            conflict |= "TransactionConflict".equals(code);
        }
        if (contested != null) {
            return; // look at who holds it: a conflict (named), or a stale alias to take over
        }
        if (attempts >= MAX_ATTEMPTS) {
            throw TransactWriteRequests.failure(actions, cancelled);
        }
        if (!reasons.isEmpty() && "ConditionalCheckFailed".equals(reasons.get(0).code())) {
            failedWith = snapshot;
            itemFailure = reasons.get(0);
            snapshot = null;
        } else if (released) {
            return; // try again without the aliases that are not ours
        } else if (conflict) {
            snapshot = null;
            pauseMillis = CONFLICT_BACKOFF.delay(Math.max(1, attempts)).toMillis();
        } else {
            throw TransactWriteRequests.failure(actions, cancelled);
        }
    }
}
