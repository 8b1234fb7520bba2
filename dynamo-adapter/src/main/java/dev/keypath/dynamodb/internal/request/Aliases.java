package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.StoredKeyException;
import dev.keypath.dynamodb.UniqueKeyWriteException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The alias items of alternate key paths ({@code @UniqueKeyPath}), built with pure functions. The alias of the
 * key path {@code /email-a@b.c} is the item {@code /_kp_alias-%/email-a@b.c} (the alternate key path's canonical
 * text as a string id, in a partition of its own, as sequence counters are kept) with {@code _type} =
 * {@code _kp_alias} and the {@code pk}, {@code sk} and type name of the item it points at. The item lists the
 * alternate key paths it holds in {@code _kp_aliases}, which is how a later write learns which aliases to move.
 */
public final class Aliases {
    private Aliases() {
    }

    /** The key path of the alias item of {@code alias}. */
    public static KeyPath aliasKey(KeyPath alias) {
        return KeyPath.of(TableAttributes.ALIAS_NAMESPACE, KeyId.of(alias.toString()));
    }

    /**
     * The put of the alias of {@code alias} pointing at {@code target}: only if no alias exists there or it points at
     * {@code target} already.
     */
    public static WriteAction put(KeyPath alias, KeyPath target, String typeName) {
        KeyPath key = aliasKey(alias);
        Map<String, AttributeValue> item = new LinkedHashMap<>(KeyLimits.keyOf(key));
        item.put(TableAttributes.TYPE, AttributeValues.string(TableAttributes.ALIAS_TYPE));
        item.put(TableAttributes.ALIAS_TARGET_PK, AttributeValues.binary(target.partitionKey()));
        item.put(TableAttributes.ALIAS_TARGET_SK, AttributeValues.binary(target.sortKey()));
        item.put(TableAttributes.ALIAS_TARGET_TYPE, AttributeValues.string(typeName));
        return new WriteAction(WriteAction.Kind.PUT, key, KeyLimits.keyOfItem(item), Map.copyOf(item), Expr.NONE,
                absentOrPointingAt(target), -1, "the unique key path " + alias + " is held by another item");
    }

    /**
     * {@link #put} of an alias whose current holder {@code stale} no longer holds it (deleted without its aliases, by
     * {@code deleteSubtree} or by TTL, or no longer listing it): it may also replace the alias pointing at
     * {@code stale}. Goes with {@link #staleCheck}, which makes sure, in the same transaction, that it is stale.
     */
    public static WriteAction takeOver(KeyPath alias, KeyPath target, String typeName, KeyPath stale) {
        WriteAction put = put(alias, target, typeName);
        Expr condition = Expr.of("attribute_not_exists(#kp_pk) OR (#kp_tpk = :kp_tpk AND #kp_tsk = :kp_tsk) "
                        + "OR (#kp_tpk = :kp_opk AND #kp_tsk = :kp_osk)",
                put.condition().names(), Map.of(":kp_tpk", AttributeValues.binary(target.partitionKey()),
                        ":kp_tsk", AttributeValues.binary(target.sortKey()),
                        ":kp_opk", AttributeValues.binary(stale.partitionKey()),
                        ":kp_osk", AttributeValues.binary(stale.sortKey())));
        return new WriteAction(put.kind(), put.keyPath(), put.key(), put.item(), Expr.NONE, condition, -1,
                put.failureHint());
    }

    /**
     * The check that the item at {@code holder} does not hold {@code alias}: it is gone, lists other aliases, or has
     * expired ({@code _ttl} at or before {@code now}, epoch seconds).
     */
    public static WriteAction staleCheck(KeyPath holder, Map<String, AttributeValue> holderKey, KeyPath alias,
                                         long now) {
        Expr condition = Expr.of("attribute_not_exists(#kp_pk) OR attribute_not_exists(#kp_al) "
                        + "OR NOT contains(#kp_al, :kp_alias) OR #kp_ttl <= :kp_now",
                Map.of("#kp_pk", TableAttributes.PK, "#kp_al", TableAttributes.ALIASES, "#kp_ttl", TableAttributes.TTL),
                Map.of(":kp_alias", AttributeValues.string(alias.toString()), ":kp_now", AttributeValues.number(now)));
        return new WriteAction(WriteAction.Kind.CONDITION_CHECK, holder, holderKey, null, Expr.NONE,
                condition, -1, "the item holds " + alias);
    }

    /** Whether the stored item {@code holder} (key, aliases and TTL read) holds {@code alias} at {@code now}. */
    public static boolean holds(Map<String, AttributeValue> holder, KeyPath alias, long now) {
        if (holder == null || holder.isEmpty() || ExpiredItems.isExpired(holder, now)) {
            return false;
        }
        AttributeValue aliases = holder.get(TableAttributes.ALIASES);
        return aliases != null && aliases.hasL() && aliases.l().contains(AttributeValues.string(alias.toString()));
    }

    /**
     * The consistent read of what {@link #holds} needs of the item at {@code holder}, asking for {@code capacity}
     * (null: not asking).
     */
    public static GetItemRequest holderRequest(String table, Map<String, AttributeValue> holderKey,
                                               ReturnConsumedCapacity capacity) {
        return GetItemRequest.builder().returnConsumedCapacity(capacity).tableName(table).key(holderKey).consistentRead(true)
                .projectionExpression("#kp_pk, #kp_al, #kp_ttl")
                .expressionAttributeNames(Map.of("#kp_pk", TableAttributes.PK, "#kp_al", TableAttributes.ALIASES,
                        "#kp_ttl", TableAttributes.TTL))
                .build();
    }

    /** The item an alias item points at, or null if the bytes are not a key path. */
    public static KeyPath targetOf(Map<String, AttributeValue> aliasItem) {
        try {
            return DefaultItemSchema.keyPathOfItem(aliasItem, TableAttributes.ALIAS_TARGET_PK,
                    TableAttributes.ALIAS_TARGET_SK);
        } catch (StoredKeyException e) {
            return null;
        }
    }

    /** The delete of the alias of {@code alias}, if it points at {@code target} (or is already gone). */
    public static WriteAction delete(KeyPath alias, KeyPath target) {
        KeyPath key = aliasKey(alias);
        return new WriteAction(WriteAction.Kind.DELETE, key, KeyLimits.keyOf(key), null, Expr.NONE,
                absentOrPointingAt(target), -1, "the unique key path " + alias + " points at another item");
    }

    private static Expr absentOrPointingAt(KeyPath target) {
        return Expr.of("attribute_not_exists(#kp_pk) OR (#kp_tpk = :kp_tpk AND #kp_tsk = :kp_tsk)",
                Map.of("#kp_pk", TableAttributes.PK, "#kp_tpk", TableAttributes.ALIAS_TARGET_PK,
                        "#kp_tsk", TableAttributes.ALIAS_TARGET_SK),
                Map.of(":kp_tpk", AttributeValues.binary(target.partitionKey()),
                        ":kp_tsk", AttributeValues.binary(target.sortKey())));
    }

    /**
     * The consistent read of what a write of the item at {@code key} must know: whether it exists, its aliases;
     * asking for {@code capacity} (null: not asking).
     */
    public static GetItemRequest snapshotRequest(String table, Map<String, AttributeValue> key,
                                                 ReturnConsumedCapacity capacity) {
        return holderRequest(table, key, capacity);
    }

    /**
     * What a write found stored: whether the item exists, its {@code _kp_aliases} attribute (null if none) and
     * whether it has expired (then its aliases may have been taken over by other items).
     *
     * @param exists  whether an item is stored at the key path
     * @param aliases the stored alias list, or null
     * @param expired whether the stored item's TTL has passed
     */
    public record Snapshot(boolean exists, AttributeValue aliases, boolean expired) {
        public static Snapshot of(Map<String, AttributeValue> item, long now) {
            boolean exists = item != null && !item.isEmpty();
            return new Snapshot(exists, exists ? item.get(TableAttributes.ALIASES) : null,
                    exists && ExpiredItems.isExpired(item, now));
        }

        /** The alternate key paths the stored item lists. */
        public List<KeyPath> paths(KeyPath item) {
            return Aliases.paths(aliases, item);
        }

        /** The alternate key paths the stored item surely still holds: none once it has expired. */
        public List<KeyPath> held(KeyPath item) {
            return expired ? List.of() : paths(item);
        }

        /** The condition that the stored item is still as read: absent, or holding the same aliases. */
        public Expr unchanged() {
            if (!exists) {
                return Expr.of("attribute_not_exists(#kp_pk)", Map.of("#kp_pk", TableAttributes.PK), Map.of());
            }
            if (aliases == null) {
                return Expr.of("attribute_exists(#kp_pk) AND attribute_not_exists(#kp_al)",
                        Map.of("#kp_pk", TableAttributes.PK, "#kp_al", TableAttributes.ALIASES), Map.of());
            }
            return Expr.of("#kp_al = :kp_al", Map.of("#kp_al", TableAttributes.ALIASES), Map.of(":kp_al", aliases));
        }
    }

    /** The alternate key paths in a stored {@code _kp_aliases} value (null: none). */
    public static List<KeyPath> paths(AttributeValue aliases, KeyPath item) {
        if (aliases == null || !aliases.hasL()) {
            return List.of();
        }
        List<KeyPath> paths = new ArrayList<>(aliases.l().size());
        for (AttributeValue v : aliases.l()) {
            try {
                paths.add(KeyPath.parse(v.s() == null ? "" : v.s()));
            } catch (KeyPathFormatException e) {
                throw new ItemMappingException("Stored " + TableAttributes.ALIASES + " holds '" + v.s()
                        + "', which is not a key path: " + e.getMessage(), item, e);
            }
        }
        return paths;
    }

    /** Refuses an update of {@code schema} that sets, removes or adds to a field of an alternate key path. */
    public static void checkUpdate(DefaultItemSchema<?> schema, KeyPath keyPath, UpdateSpec spec) {
        if (!schema.hasAliases()) {
            return;
        }
        for (UpdateSpec.Change change : spec.changes()) {
            String attribute = change.path().toString();
            String top = attribute.split("[.\\[]", 2)[0];
            if (schema.isUniqueField(top)) {
                throw new UniqueKeyWriteException("An update of " + schema.typeName() + " changes '" + top
                        + "', which an alternate key path (@UniqueKeyPath) uses; an update cannot move its alias, so "
                        + "put the changed item instead", keyPath);
            }
        }
    }

    /** Refuses a write of {@code schema} that cannot keep aliases (batch writes, multi-item transactions). */
    public static void refuse(DefaultItemSchema<?> schema, String write, KeyPath keyPath) {
        if (schema.hasAliases()) {
            throw new UniqueKeyWriteException(write + " cannot keep the alias items of " + schema.typeName()
                    + " (it declares @UniqueKeyPath), since it is not one transaction per item with a read of the "
                    + "stored aliases; write such items with put and delete", keyPath);
        }
    }

    /** The names of the stored aliases that {@code wanted} no longer holds. */
    public static List<KeyPath> removed(List<KeyPath> stored, List<KeyPath> wanted) {
        List<KeyPath> gone = new ArrayList<>(stored);
        gone.removeAll(Set.copyOf(wanted));
        return gone;
    }
}
