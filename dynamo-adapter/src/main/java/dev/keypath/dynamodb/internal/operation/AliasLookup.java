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
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

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
    private KeyPath target;
    private int reads;
    private Optional<T> result;

    AliasLookup(String table, DefaultItemSchema<T> schema, KeyPath alias, SchemaRegistry registry) {
        this.table = table;
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
                    ItemReads.request(table, Aliases.aliasKey(alias), ReadConsistency.STRONG), this::alias);
        }
        return Step.Exchange.of(DynamoApi.GET_ITEM, ItemReads.request(table, schema, target, ReadConsistency.STRONG),
                this::item);
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
            result = Optional.empty();
            return;
        }
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
