package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.ShardRule;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Arrays;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where one stored copy of an item lies for its registered type's declared layouts: in the layout the type writes
 * ({@link Place#NEW}), in the layout a re-shard moves it from ({@link Place#FORMER}), or in neither
 * ({@link Place#ELSEWHERE}: a copy no read by key path finds, left by a declaration this table does not have).
 * Whenever two layouts hold one key path, every read takes the copy of the best place: {@code NEW} before
 * {@code FORMER}, and never one {@code ELSEWHERE}, as a read by key path, which looks in the new layout first,
 * does. Under the layout record's switch no instance writes the former layout once the new one is written, so the
 * new layout's copy is the newest. Pure.
 */
public final class CopyPlacement {
    /** Where a copy lies, best first. */
    public enum Place {
        /** Where the type's declared layout keeps the item. */
        NEW,
        /** Where the layout a re-shard moves the item from keeps it. */
        FORMER,
        /** Not an item of a registered type, or not one whose place can be told: the mapper decides. */
        UNKNOWN,
        /** In neither layout: no read by key path finds it, so no read takes it. */
        ELSEWHERE
    }

    private CopyPlacement() {
    }

    /** Where the stored {@code item} lies for its type in {@code registry}. */
    public static Place of(SchemaRegistry registry, Map<String, AttributeValue> item) {
        String name = SchemaRegistry.typeNameOf(item);
        AttributeValue pk = item.get(TableAttributes.PK);
        if (name == null || TableAttributes.isInternalType(name) || !registry.isRegisteredName(name) || pk == null
                || pk.b() == null) {
            return Place.UNKNOWN;
        }
        try {
            KeyPath path = DefaultItemSchema.keyPathOfItem(item);
            DefaultItemSchema<?> schema = registry.schemaOfStored(name, path);
            if (!schema.keyPathTemplate().matches(path)) {
                return Place.UNKNOWN;
            }
            return of(schema, pk.b().asByteArrayUnsafe(), path);
        } catch (ItemMappingException e) { // an unreadable item included
            return Place.UNKNOWN;
        }
    }

    /** Where a copy of {@code schema}'s item at {@code path}, stored under partition key {@code pk}, lies. */
    static Place of(DefaultItemSchema<?> schema, byte[] pk, KeyPath path) {
        ShardRule rule = schema.shards();
        if (rule == null) {
            return Arrays.equals(pk, path.partitionKey()) ? Place.NEW : Place.ELSEWHERE;
        }
        if (rule.holds(pk, path, schema.typeName())) {
            return Place.NEW;
        }
        return rule.resharding() && rule.former().holds(pk, path, schema.typeName()) ? Place.FORMER
                : Place.ELSEWHERE;
    }

    /**
     * Whether {@code item}'s type is being re-sharded ({@code @Sharded(formerCount)}) in {@code registry}: only such
     * a type can have two copies of one key path that a read must choose between.
     */
    public static boolean ofReshardedType(SchemaRegistry registry, Map<String, AttributeValue> item) {
        String name = SchemaRegistry.typeNameOf(item);
        if (name == null || !registry.isRegisteredName(name)) {
            return false;
        }
        ShardRule rule = registry.schemaOfStored(name, null).shards();
        return rule != null && rule.resharding();
    }
}
