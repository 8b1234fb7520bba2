package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.request.Aliases;
import dev.keypath.dynamodb.internal.request.ItemReads;
import dev.keypath.dynamodb.internal.request.KeyLimits;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The read of an item by an alternate key path, as an {@link Operation} without I/O: a consistent {@code GetItem}
 * of the alias item, then a consistent {@code GetItem} of the item it points at. If that item no longer lists the
 * alias (it moved between the two reads), the alias is read again, up to {@link #MAX_READS} times; an alias whose
 * item is gone (deleted without its alias, or expired) reads as absent. Single use; not thread-safe.
 *
 * @param <T> the item type
 */
final class AliasLookup<T> implements Operation<Optional<T>> {
    /** Alias reads before an alias that keeps moving reads as absent. */
    static final int MAX_READS = 3;

    private final String table;
    private final DefaultItemSchema<T> schema;
    private final KeyPath alias;
    private final SchemaRegistry registry;
    /** What every read asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    private KeyPath target;
    private int reads;
    /** Reads of the holder that found nothing in a row, while a re-shard runs (new, former, new shard). */
    private int holderReads;
    private Optional<T> result;

    /** Its reads ask for {@code ask} of capacity (null: not asking). */
    AliasLookup(String table, DefaultItemSchema<T> schema, KeyPath alias, SchemaRegistry registry,
                ReturnConsumedCapacity ask) {
        this.table = table;
        this.ask = ask;
        this.schema = schema;
        this.alias = alias;
        this.registry = registry;
        KeyLimits.keyOf(Aliases.aliasKey(alias)); // checks the alias key's size before any request
    }

    @Override
    public Step next() {
        if (result != null) {
            return Step.DONE;
        }
        if (target == null) {
            reads++;
            return Step.Exchange.of(DynamoApi.GET_ITEM,
                    ItemReads.request(table, null, Aliases.aliasKey(alias), ReadConsistency.STRONG, ask), this::alias);
        }
        GetItemRequest holder = ItemReads.request(table, schema, target, ReadConsistency.STRONG, ask);
        if (holderReads == 1) { // a re-shard runs and the holder was not in its new shard: its former one
            Map<String, AttributeValue> key = new java.util.LinkedHashMap<>(holder.key());
            key.put(TableAttributes.PK, dev.keypath.dynamodb.internal.mapping.AttributeValues.binary(
                    schema.formerPartitionKeyOf(target)));
            holder = holder.toBuilder().key(key).build();
        }
        return Step.Exchange.of(DynamoApi.GET_ITEM, holder, this::item);
    }

    @Override
    public Optional<T> result() {
        return result;
    }

    private void alias(GetItemResponse r) {
        if (!r.hasItem() || r.item().isEmpty()) {
            result = Optional.empty();
            return;
        }
        Map<String, AttributeValue> a = r.item();
        target = targetOf(a);
        AttributeValue type = a.get(TableAttributes.ALIAS_TARGET_TYPE);
        String name = type == null ? null : type.s();
        if (!schema.typeName().equals(name) && !schema.evolution().isTypeName(name)) {
            throw new UnknownItemTypeException("The unique key path " + alias + " is held by a '" + name + "', not a "
                    + schema.typeName(), target);
        }
    }

    private void item(GetItemResponse r) {
        if (!r.hasItem() || r.item().isEmpty()) {
            // while a re-shard runs, the holder may be in its former shard, or have moved in between: look there,
            // then in the new shard again (ReshardReads)
            if (holderReads < 2 && schema.formerPartitionKeyOf(target) != null) {
                holderReads++;
                return;
            }
            result = Optional.empty();
            return;
        }
        holderReads = 0;
        Map<String, AttributeValue> item = r.item();
        if (!Aliases.paths(item.get(TableAttributes.ALIASES), target).contains(alias)) {
            target = null; // the alias moved after it was read
            if (reads >= MAX_READS) {
                result = Optional.empty();
            }
            return;
        }
        result = ItemReads.mapOne(item, schema, target, registry);
    }

    private KeyPath targetOf(Map<String, AttributeValue> a) {
        KeyPath t = Aliases.targetOf(a);
        if (t == null) {
            throw new UnreadableItemException("Alias item of " + alias + " does not point at a key path",
                    Aliases.aliasKey(alias), null);
        }
        return t;
    }
}
