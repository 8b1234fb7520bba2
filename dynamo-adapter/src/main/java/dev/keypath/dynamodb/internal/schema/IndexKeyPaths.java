package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ShardDeclarationException;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.SecondaryKeyPaths;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.mapping.Property;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.KeyField;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.SecondaryKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The secondary key paths of one item type ({@link SecondaryKeyPath}): read from its annotations and checked when
 * the type is registered (index names, templates, a local index's partition, projections), and bound per item into
 * the index key attributes a put stores ({@code <index>_pk}, in its shard when the index is sharded, and
 * {@code <index>_sk}). Immutable and thread-safe.
 */
final class IndexKeyPaths {
    private final Class<?> type;
    private final List<SecondaryKey> keys;
    /** Per key, in order: the attribute names of its partition and sort key, and how an error names its path. */
    private final String[] partitionNames;
    private final String[] sortNames;
    private final String[] names;
    private final List<String> partitionAttributes;
    private final List<String> sortAttributes;

    private IndexKeyPaths(Class<?> type, List<SecondaryKey> keys) {
        this.type = type;
        this.keys = keys;
        this.partitionNames = new String[keys.size()];
        this.sortNames = new String[keys.size()];
        this.names = new String[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            String index = keys.get(i).index();
            partitionNames[i] = TableAttributes.gsiPk(index);
            sortNames[i] = TableAttributes.gsiSk(index);
            names[i] = "secondary key path for index " + index;
        }
        this.partitionAttributes = List.of(partitionNames);
        this.sortAttributes = List.of(sortNames);
    }

    /**
     * The secondary key paths {@code type} declares, checked against its key path {@code template}, its
     * {@code keyFields}, its properties and the names Jackson stores them under.
     */
    static IndexKeyPaths declared(Class<?> type, KeyPathTemplate template, List<KeyField> keyFields,
                                  Map<String, Property> props, Map<String, String> jsonNames) {
        List<SecondaryKey> sks = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (SecondaryKeyPath skp : RepeatedAnnotations.on(type, SecondaryKeyPath.class, SecondaryKeyPaths.class)) {
            KeyPathTemplate st = ItemKeys.parseTemplate(skp.keyPath(), "@SecondaryKeyPath", type);
            String where = "@SecondaryKeyPath(index = \"" + skp.index() + "\") of " + type.getName();
            if (!skp.index().matches("[A-Za-z0-9_.-]{3,200}")) {
                throw new ItemMappingException("Bad index name '" + skp.index() + "' on " + type.getName()
                        + ": an index name has 3 to 200 characters, each one of a-z, A-Z, 0-9, '_', '.' and '-' "
                        + "(DynamoDB's rule for index names, kept short enough for the key attributes "
                        + "<index>_pk and <index>_sk)");
            }
            if (!seen.add(skp.index())) {
                throw new ItemMappingException(where + " is declared twice");
            }
            if (skp.local() && !samePartition(template, st)) {
                throw new ItemMappingException(where + ": a local index shares the item's partition, so the first "
                        + "element of " + st + " must be the first element of " + template);
            }
            List<String> include = List.of(skp.include());
            if (skp.projection() == IndexProjection.INCLUDE) {
                checkIncluded(where, include, keyFields, props, jsonNames);
            } else if (!include.isEmpty()) {
                throw new ItemMappingException(where + ": include is only for projection INCLUDE, not "
                        + skp.projection());
            }
            KeyLayout layout = new KeyLayout(st);
            sks.add(new SecondaryKey(skp.index(), layout, ItemKeys.bind(type, st, props, false),
                    skp.local(), skp.projection(), include, shards(skp, layout, where)));
        }
        return new IndexKeyPaths(type, List.copyOf(sks));
    }

    /** The shard rule {@code skp} declares for its index's partition, or null; checked. */
    private static ShardRule shards(SecondaryKeyPath skp, KeyLayout layout, String where) {
        Sharded[] sharded = skp.sharded();
        if (sharded.length == 0) {
            return null;
        }
        if (sharded.length > 1) {
            throw new ShardDeclarationException(where + ": declare one @Sharded for the index's partition, not "
                    + sharded.length);
        }
        if (skp.local()) {
            throw new ShardDeclarationException(where + ": a local index shares the item's partition key pk, so "
                    + "it cannot be sharded on its own; shard the type (@Sharded on the class) or use a global index");
        }
        return ShardRule.declared(sharded[0], layout, where + ", sharded");
    }

    /** Checks that a projection INCLUDE names some attributes, all of them stored attributes of the type. */
    private static void checkIncluded(String where, List<String> include, List<KeyField> keyFields,
                                      Map<String, Property> props, Map<String, String> jsonNames) {
        if (include.isEmpty()) {
            throw new ItemMappingException(where + ": projection INCLUDE needs the attributes to include");
        }
        Set<String> stored = new HashSet<>();
        props.keySet().forEach(n -> stored.add(jsonNames.getOrDefault(n, n)));
        keyFields.forEach(f -> stored.remove(jsonNames.getOrDefault(f.property().name(), f.property().name())));
        for (String a : include) {
            if (!stored.contains(a)) {
                throw new ItemMappingException(where + ": include names '" + a + "', which is not a stored "
                        + "attribute of the type (stored: " + new TreeSet<>(stored) + ")");
            }
        }
    }

    /**
     * Whether {@code other} starts with {@code template}'s partition element: same namespace, and same variable or
     * literal.
     */
    private static boolean samePartition(KeyPathTemplate template, KeyPathTemplate other) {
        if (!template.namespace(0).equals(other.namespace(0))) {
            return false;
        }
        String mine = variableAt(template, 0);
        String theirs = variableAt(other, 0);
        if (mine != null || theirs != null) {
            return mine != null && mine.equals(theirs);
        }
        return Objects.equals(template.bindPrefix(Map.of()).id(0), other.bindPrefix(Map.of()).id(0));
    }

    private static String variableAt(KeyPathTemplate t, int position) {
        for (String v : t.variables()) {
            if (t.indexOf(v) == position) {
                return v;
            }
        }
        return null;
    }

    /** The secondary key paths, in declaration order. */
    List<SecondaryKey> list() {
        return keys;
    }

    /** The attribute names of the index keys' partition keys ({@code <index>_pk}), in declaration order. */
    List<String> partitionAttributes() {
        return partitionAttributes;
    }

    /** The attribute names of the index keys' sort keys ({@code <index>_sk}), in declaration order. */
    List<String> sortAttributes() {
        return sortAttributes;
    }

    /** Adds the index key attribute names to {@code names}: {@code <index>_sk}, and {@code <index>_pk} if global. */
    void addAttributeNames(Set<String> names) {
        for (SecondaryKey sk : keys) {
            if (!sk.local()) {
                names.add(TableAttributes.gsiPk(sk.index()));
            }
            names.add(TableAttributes.gsiSk(sk.index()));
        }
    }

    /**
     * Puts into {@code attrs} the index keys of {@code item}, stored at {@code path}, with {@code generated} values
     * in place of its unset auto-id fields; an index whose key path has a null variable gets none.
     */
    void store(Object item, KeyPath path, Map<String, Object> generated, Map<String, AttributeValue> attrs) {
        for (int i = 0; i < keys.size(); i++) {
            SecondaryKey sk = keys.get(i);
            KeyPath sp = secondaryPath(sk, names[i], item, path, generated);
            if (sp != null) {
                if (!sk.local()) {
                    attrs.put(partitionNames[i], AttributeValues.binary(sk.partitionKeyForPut(sp, type.getName())));
                }
                attrs.put(sortNames[i], AttributeValues.binary(sp.sortKey()));
            }
        }
    }

    private KeyPath secondaryPath(SecondaryKey sk, String name, Object item, KeyPath path,
                                  Map<String, Object> generated) {
        try {
            return ItemKeys.bindOptional(type, sk.template(), sk.fields(), item, generated, name);
        } catch (ItemMappingException e) {
            throw new ItemMappingException(e.getMessage(), path, e);
        }
    }
}
