package dev.keypath.dynamodb;

import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What one registered item type declares about its stored items, with nothing of the Java class that holds them:
 * its stored name, schema version, key path, key fields, stored fields, secondary and unique key paths, and the
 * fields that have a role, and the changes its history declares. Two types that store and find their items the same way have equal descriptions,
 * whatever their class names or the order of their declarations. Part of a {@link TableDescription}. Immutable.
 *
 * <p>The roles are keyed {@code version}, {@code timeToLive}, {@code createdAt} and {@code updatedAt}, each giving
 * the stored name of its field ({@code created epoch SECONDS} for a timestamp held as epoch time), and
 * {@code autoId.<field>} giving the strategy of an {@link dev.keypath.dynamodb.annotation.AutoId} key field;
 * {@code shards} says how a {@link dev.keypath.dynamodb.annotation.Sharded} type's partitions are spread
 * ({@code calculated(16, [orderId])}, {@code random(8)}, with {@code from calculated(4, [orderId])} while a
 * re-shard runs), and {@code shards.<index>} the same of a sharded global index's partitions.
 *
 * @param name           the stored type name (the {@code _type} attribute)
 * @param schemaVersion  the version of the type's schema (1 for a type that declares none)
 * @param keyPath        the key-path template of the type's items
 * @param keyFields      the fields bound into the key path, in name order; their values live in the key
 * @param fields         the other stored fields, nested ones after their parents, in path order
 * @param indexes        the secondary key paths, in index name order
 * @param uniqueKeyPaths the templates of the unique key paths, in text order
 * @param roles          role to field, in role order
 * @param history        the changes its {@link ItemHistory} declares, oldest version first, each version's in their
 *                       declared order; empty at version 1
 */
public record TypeDescription(String name, int schemaVersion, String keyPath, List<FieldDescription> keyFields,
                              List<FieldDescription> fields, List<IndexDescription> indexes,
                              List<String> uniqueKeyPaths, Map<String, String> roles,
                              List<ChangeDescription> history) {
    /**
     * The role under which a sharded type's partition sharding is described; with a suffix ({@code shards.<index>}),
     * a sharded global index's.
     */
    public static final String SHARDS = "shards";

    /** Checks the components and keeps every list in its order. */
    public TypeDescription {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keyPath, "keyPath");
        keyFields = keyFields.stream().sorted(Comparator.comparing(FieldDescription::path)).toList();
        fields = fields.stream().sorted(Comparator.comparing(FieldDescription::path)).toList();
        indexes = indexes.stream().sorted(Comparator.comparing(IndexDescription::index)).toList();
        uniqueKeyPaths = uniqueKeyPaths.stream().sorted().toList();
        roles = Collections.unmodifiableMap(new TreeMap<>(roles));
        history = history.stream().sorted(Comparator.comparingInt(ChangeDescription::version)).toList();
    }

    /** A type that declares no history. */
    public TypeDescription(String name, int schemaVersion, String keyPath, List<FieldDescription> keyFields,
                           List<FieldDescription> fields, List<IndexDescription> indexes,
                           List<String> uniqueKeyPaths, Map<String, String> roles) {
        this(name, schemaVersion, keyPath, keyFields, fields, indexes, uniqueKeyPaths, roles, List.of());
    }
}
