package dev.keypath.dynamodb.internal.expression;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.UpdateSpec.Change;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.KeyField;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.SecondaryKey;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.SecondaryKeys;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The attributes a put derives from fields, kept true by updates: the secondary key attributes of each
 * {@code @SecondaryKeyPath} and {@code _ttl} of the {@code @TimeToLive} field. An update that sets such a field
 * to a value writes the derived attribute as a put would, one that removes it (or sets null) removes it, and an
 * upsert writes the secondary keys bound by key fields alone. A change whose result the update cannot know (an
 * increment of a TTL, a nested change, a secondary key path needing a field the update does not set) is refused,
 * since it would leave an index or the expiry out of step with the item. Pure apart from value conversion.
 */
public final class DerivedAttributes {
    private DerivedAttributes() {
    }

    /**
     * Attribute name to its new value, or to null where it is removed.
     *
     * @param spec the update's changes
     */
    public static Map<String, AttributeValue> of(DefaultItemSchema<?> schema, KeyPath keyPath, UpdateSpec spec,
                                          UpdateItem.Mode mode, ValueConverter values) {
        Map<String, Change> topLevel = new LinkedHashMap<>();
        for (Change c : spec.changes()) {
            topLevel.putIfAbsent(values.paths().resolve(schema.type(), c.path(), keyPath).top(), c);
        }
        Map<String, AttributeValue> derived = new LinkedHashMap<>();
        Map<String, KeyId> keyIds = schema.keyPathTemplate().match(keyPath).orElse(Map.of());
        for (SecondaryKey sk : schema.secondaryKeys()) {
            secondaryKey(schema, keyPath, sk, keyIds, topLevel, mode, values, derived);
        }
        schema.ttlProperty().ifPresent(ttl -> {
            String name = values.paths().storedName(schema.type(), ttl.name());
            Change c = topLevel.get(name);
            if (c != null) {
                Object v = plainValue(schema, keyPath, c, name, "the expiry (_ttl)");
                derived.put(TableAttributes.TTL, v == null ? null : AttributeValues.number(epochSeconds(v, values)));
            }
        });
        return derived;
    }

    private static void secondaryKey(DefaultItemSchema<?> schema, KeyPath keyPath, SecondaryKey sk,
                                     Map<String, KeyId> keyIds, Map<String, Change> topLevel, UpdateItem.Mode mode,
                                     ValueConverter values, Map<String, AttributeValue> derived) {
        List<KeyField> fields = sk.fields();
        List<String> changed = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        for (KeyField f : fields) {
            if (!isPrimary(schema, f)) {
                String name = values.paths().storedName(schema.type(), f.property().name());
                (topLevel.containsKey(name) ? changed : unchanged).add(name);
            }
        }
        if (changed.isEmpty() && !(mode == UpdateItem.Mode.UPSERT && unchanged.isEmpty())) {
            return;
        }
        String what = "the secondary key path " + SecondaryKeys.template(sk) + " of index " + sk.index();
        if (!unchanged.isEmpty()) {
            throw new InvalidUpdateException("An update of " + schema.type().getSimpleName() + " that changes "
                    + changed + " must also set " + unchanged + ": " + what + " is built from them (or use a put)",
                    schema.type().getSimpleName(), String.join(", ", changed), keyPath, null);
        }
        KeyId[] ids = new KeyId[fields.size()];
        boolean absent = false;
        for (int i = 0; i < ids.length; i++) {
            KeyField f = fields.get(i);
            if (isPrimary(schema, f)) {
                ids[i] = keyIds.get(f.variable());
                continue;
            }
            String name = values.paths().storedName(schema.type(), f.property().name());
            Object v = plainValue(schema, keyPath, topLevel.get(name), name, what);
            if (v == null) {
                absent = true;
                continue;
            }
            try {
                ids[i] = f.fieldType().toKeyId(values.convert(v, f.fieldType().type()));
            } catch (RuntimeException e) {
                throw new InvalidUpdateException("Cannot use " + v + " as " + f.where() + " in " + what + ": "
                        + e.getMessage(), schema.type().getSimpleName(), name, keyPath, e);
            }
        }
        // a local index's partition key is the item's own pk: only its sort key is stored, as a put stores it
        String pk = sk.local() ? null : TableAttributes.gsiPk(sk.index());
        String skName = TableAttributes.gsiSk(sk.index());
        KeyPath path = absent ? null : bind(sk, ids, what, schema, keyPath);
        if (pk != null) {
            derived.put(pk, path == null ? null : AttributeValues.binary(sk.partitionKeyForPut(path,
                    schema.type().getName())));
        }
        derived.put(skName, path == null ? null : AttributeValues.binary(path.sortKey()));
    }

    private static KeyPath bind(SecondaryKey sk, KeyId[] ids, String what, DefaultItemSchema<?> schema,
                                KeyPath keyPath) {
        try {
            return SecondaryKeys.bind(sk, ids);
        } catch (IllegalArgumentException e) {
            throw new InvalidUpdateException("Cannot build " + what + ": " + e.getMessage(),
                    schema.type().getSimpleName(), null, keyPath, e);
        }
    }

    private static boolean isPrimary(DefaultItemSchema<?> schema, KeyField f) {
        for (KeyField k : schema.keyFields()) {
            if (k.property() == f.property()) {
                return true;
            }
        }
        return false;
    }

    /** The value a top-level change stores, null when it removes; refused when the update cannot know it. */
    private static Object plainValue(DefaultItemSchema<?> schema, KeyPath keyPath, Change c, String name,
                                     String what) {
        boolean topLevel = c.path().segments().size() == 1;
        if (topLevel && c.action() == UpdateSpec.Action.REMOVE) {
            return null;
        }
        if (topLevel && c.action() == UpdateSpec.Action.SET && !(c.value() instanceof UpdateSpec.ValueOf)) {
            return c.value();
        }
        throw new InvalidUpdateException("'" + name + "' of " + schema.type().getSimpleName() + " feeds " + what
                + ", so an update can only set it to a value or remove it, not " + c.action() + " " + c.path(),
                schema.type().getSimpleName(), c.path().toString(), keyPath, null);
    }

    private static long epochSeconds(Object v, ValueConverter values) {
        if (v instanceof Instant i) {
            return i.getEpochSecond();
        }
        if (v instanceof Number n) {
            return n.longValue();
        }
        return ((Instant) values.convert(v, Instant.class)).getEpochSecond();
    }
}
