package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.expression.StoredValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A stored item of a type in the form this code stores it: upgraded to the current version by the type's history,
 * read into its object and written again as a put of that object writes it, so that what an older build or an older
 * version left behind (a {@code NULL} for a null field, a set stored as a list, an index key an index added later
 * never got, a value in another form than the current one) is what a put would store now. What a rewrite must not
 * change is kept as stored: the key ({@code pk}, {@code sk}), the index keys that differ only in their shard, the
 * list of aliases the item holds (its alias items are written with it, never alone), and every attribute the type
 * does not store (another writer's, {@code _kp_src}). Values that are the same stored value ({@link StoredValues})
 * are not changed. Pure apart from the type's mapping; stateless.
 */
public final class CurrentForms {
    private CurrentForms() {
    }

    /**
     * {@code stored}, an item of {@code schema}'s type (current or former type name), in its current form: the same
     * map when nothing differs, else a copy with the attributes that differ replaced or removed. An
     * {@link UnreadableItemException} naming the key path when the item is of a newer version, a declared change
     * fails on it or it does not map to the type; an {@link IllegalArgumentException} when the schema writes the
     * version before the current one ({@code writePreviousVersion}), which a rewrite would undo.
     */
    public static Map<String, AttributeValue> of(DefaultItemSchema<?> schema, Map<String, AttributeValue> stored) {
        Objects.requireNonNull(stored, "stored");
        requireCurrentWrites(schema);
        KeyPath path;
        try {
            path = DefaultItemSchema.keyPathOfItem(stored);
        } catch (ItemMappingException e) {
            throw new UnreadableItemException(e.getMessage(), null, e);
        }
        Map<String, AttributeValue> upgraded = schema.evolution().upgrade(stored, path);
        Map<String, AttributeValue> written = encode(schema, schema.fromItem(upgraded, path));
        Set<String> keep = kept(schema, stored, written);
        Map<String, AttributeValue> current = null;
        for (Map.Entry<String, AttributeValue> e : written.entrySet()) {
            AttributeValue was = stored.get(e.getKey());
            if (keep.contains(e.getKey()) || was != null && StoredValues.same(was, e.getValue())) {
                continue;
            }
            current = current == null ? new LinkedHashMap<>(stored) : current;
            current.put(e.getKey(), e.getValue());
        }
        Set<String> stores = storedNames(schema);
        for (String name : stored.keySet()) {
            if (written.containsKey(name) || keep.contains(name)) {
                continue;
            }
            if (!upgraded.containsKey(name) || stores.contains(name)) { // dropped by the upgrade, or a put leaves it out
                current = current == null ? new LinkedHashMap<>(stored) : current;
                current.remove(name);
            }
        }
        return current == null ? stored : current;
    }

    /**
     * Refuses a schema that writes the version before the current one ({@code writePreviousVersion}): an
     * {@link IllegalArgumentException} naming the type and both versions.
     */
    public static void requireCurrentWrites(DefaultItemSchema<?> schema) {
        if (schema.evolution().writeVersion() != schema.evolution().current()) {
            throw new IllegalArgumentException("The schema of " + schema.typeName() + " writes version "
                    + schema.evolution().writeVersion() + " (writePreviousVersion), so items cannot be brought to "
                    + "version " + schema.evolution().current() + ": rewrite with a schema of a table that writes the "
                    + "current version");
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, AttributeValue> encode(DefaultItemSchema<?> schema, Object item) {
        return ((DefaultItemSchema<Object>) schema).toItem(item);
    }

    /**
     * The attributes kept as stored: the key, the alias list, and each index's keys when the stored ones hold the
     * same key path as the written ones (a sharded index key's shard is not changed).
     */
    private static Set<String> kept(DefaultItemSchema<?> schema, Map<String, AttributeValue> stored,
                                    Map<String, AttributeValue> written) {
        Set<String> keep = new HashSet<>(Set.of(TableAttributes.PK, TableAttributes.SK, TableAttributes.ALIASES));
        for (DefaultItemSchema.SecondaryKey index : schema.secondaryKeys()) {
            String pk = index.local() ? TableAttributes.PK : TableAttributes.gsiPk(index.index());
            String sk = TableAttributes.gsiSk(index.index());
            if (stored.containsKey(pk) && stored.containsKey(sk) && written.containsKey(pk) && written.containsKey(sk)
                    && sameKeyPath(stored, written, pk, sk)) {
                keep.add(pk);
                keep.add(sk);
            }
        }
        return keep;
    }

    private static boolean sameKeyPath(Map<String, AttributeValue> stored, Map<String, AttributeValue> written,
                                       String pk, String sk) {
        try {
            return DefaultItemSchema.keyPathOfItem(stored, pk, sk).equals(DefaultItemSchema.keyPathOfItem(written, pk,
                    sk));
        } catch (ItemMappingException e) {
            return false; // a stored index key that is no key path: written again
        }
    }

    /** The attribute names a put of the type writes when their values are set: its fields and keypath's own. */
    private static Set<String> storedNames(DefaultItemSchema<?> schema) {
        Set<String> names = new HashSet<>(schema.fieldAttributes());
        names.addAll(schema.reservedAttributes());
        if (!schema.hasTtl()) {
            names.remove(TableAttributes.TTL); // another writer's expiry of an item whose type has none
        }
        return names;
    }
}
