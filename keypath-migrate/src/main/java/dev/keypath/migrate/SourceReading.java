package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a verification expects in the target for one source item, read from the source item as it is rather than
 * through the mapping's conversion ({@link EntityMapping#convert}), so that a conversion that loses or overwrites an
 * attribute is found instead of agreed with. It shares with the mapping only the declaration: the entity whose
 * patterns match, its key path, the attributes dropped and renamed, and the names keypath keeps. The expected item
 * is the key path's {@code pk} and {@code sk}, the entity's {@code _type}, and every source attribute but the old
 * keys and the dropped ones, under its new name when renamed, with its value; with a registered class, as the
 * class stores that item. Stateless.
 */
final class SourceReading {
    private SourceReading() {
    }

    /** What the verification makes of one source item. */
    sealed interface Reading {
    }

    /** The item no entity matches: it stays behind. */
    record Unmatched() implements Reading {
    }

    /** The item cannot move, for {@code reason}. */
    record CannotMove(String sourceKey, String reason) implements Reading {
    }

    /** The item the target should hold at {@code keyPath}, written from the source item with {@code marker}. */
    record Expected(String sourceKey, KeyPath keyPath, Map<String, AttributeValue> item, AttributeValue marker)
            implements Reading {
    }

    static Reading read(MigrationMapping mapping, Tables tables, Map<String, AttributeValue> source) {
        MigrationMapping.Match match = mapping.match(source);
        EntityMapping entity = match.entity();
        if (entity == null) {
            return new Unmatched();
        }
        EntityMapping.MovedKey key;
        try {
            key = entity.keyPath(match.texts());
        } catch (IllegalArgumentException e) {
            return new CannotMove(match.sourceKey(), e.getMessage());
        }
        Map<String, AttributeValue> expected = new LinkedHashMap<>();
        for (Map.Entry<String, AttributeValue> a : source.entrySet()) {
            String name = a.getKey();
            boolean oldKey = name.equals(mapping.partitionKeyAttribute()) || name.equals(mapping.sortKeyAttribute());
            if (oldKey || mapping.drops().contains(name) || entity.drops().contains(name)) {
                continue;
            }
            String as = entity.movedName(name, mapping.renames());
            String why = ReservedNames.why(as, tables.targetIndexKeys(), entity.classReserved());
            if (why != null) {
                return new CannotMove(match.sourceKey(), EntityMapping.cannotTake(name, as, why));
            }
            if (expected.put(as, a.getValue()) != null) {
                return new CannotMove(match.sourceKey(), "two source attributes move as '" + as + "'");
            }
        }
        Map<String, AttributeValue> item = new LinkedHashMap<>(expected);
        item.put(StoredItemLayout.PARTITION_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(key.pk())));
        item.put(StoredItemLayout.SORT_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(key.sk())));
        item.put(StoredItemLayout.TYPE, AttributeValue.fromS(entity.typeName()));
        ItemSchema<?> schema = entity.schema();
        if (schema != null) {
            Map<String, AttributeValue> stored;
            try {
                stored = storedForm(schema, item);
            } catch (RuntimeException e) {
                return new CannotMove(match.sourceKey(), "cannot be read as " + schema.type().getSimpleName() + ": "
                        + e.getMessage());
            }
            for (Map.Entry<String, AttributeValue> a : expected.entrySet()) {
                if (!stored.containsKey(a.getKey()) && !EntityMapping.holdsNothing(a.getValue())) {
                    return new CannotMove(match.sourceKey(), "attribute '" + a.getKey() + "' is not stored by "
                            + schema.type().getSimpleName());
                }
            }
            item = stored;
        }
        return new Expected(match.sourceKey(), key.path(), item, SourceMarker.of(tables.source(), match.pk(),
                match.sk()));
    }

    private static <T> Map<String, AttributeValue> storedForm(ItemSchema<T> schema, Map<String, AttributeValue> item) {
        return schema.toItem(schema.fromItem(item));
    }
}
