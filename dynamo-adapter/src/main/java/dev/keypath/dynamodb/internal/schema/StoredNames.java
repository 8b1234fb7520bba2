package dev.keypath.dynamodb.internal.schema;

import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.internal.mapping.NameSet;
import dev.keypath.dynamodb.internal.mapping.Property;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.KeyField;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The attribute names of one item type: the reserved ones (the table's own and the type's index keys), its key
 * fields' as Jackson writes them (kept in {@code pk}/{@code sk}, never stored as attributes), and its other fields'
 * in field order. Immutable and thread-safe.
 */
final class StoredNames {
    private final Set<String> reserved;
    private final Set<String> keyFieldNames;
    private final String[] keyPropertyNames;
    private final List<String> fieldAttributes;
    private final NameSet notStored;

    private StoredNames(Set<String> reserved, Set<String> keyFieldNames, String[] keyPropertyNames,
                        List<String> fieldAttributes, NameSet notStored) {
        this.reserved = reserved;
        this.keyFieldNames = keyFieldNames;
        this.keyPropertyNames = keyPropertyNames;
        this.fieldAttributes = fieldAttributes;
        this.notStored = notStored;
    }

    /**
     * The attribute names reserved in a table holding {@code type}: the table's own and the type's index keys. An
     * {@link ItemMappingException} when a property of the type has one of them as its Java name.
     */
    static Set<String> reserved(Class<?> type, Map<String, Property> props, IndexKeyPaths indexKeys) {
        Set<String> res = new HashSet<>(Set.of(TableAttributes.PK, TableAttributes.SK, TableAttributes.TYPE,
                TableAttributes.TTL, TableAttributes.ALIASES, TableAttributes.SCHEMA_VERSION));
        indexKeys.addAttributeNames(res);
        Set<String> reserved = Set.copyOf(res);
        for (Property p : props.values()) {
            if (reserved.contains(p.name())) {
                throw new ItemMappingException(type.getName() + "." + p.name() + ": '" + p.name()
                        + "' is a reserved attribute name of key-path tables");
            }
        }
        return reserved;
    }

    /**
     * The names of a type with properties {@code props} and key fields {@code keyFields}, stored under the names
     * Jackson gives them ({@code jsonNames}, Java names where it has none), in a table reserving {@code reserved}.
     */
    static StoredNames of(Set<String> reserved, Map<String, Property> props, Map<String, String> jsonNames,
                          List<KeyField> keyFields) {
        String[] keyPropertyNames = new String[keyFields.size()];
        for (int i = 0; i < keyPropertyNames.length; i++) {
            String name = keyFields.get(i).property().name();
            keyPropertyNames[i] = jsonNames.getOrDefault(name, name);
        }
        Set<String> keyFieldNames = Set.of(keyPropertyNames);
        List<String> fields = new ArrayList<>();
        for (String name : props.keySet()) {
            String stored = jsonNames.getOrDefault(name, name);
            if (!keyFieldNames.contains(stored)) {
                fields.add(stored);
            }
        }
        List<String> special = new ArrayList<>(List.of(TableAttributes.PK, TableAttributes.SK, TableAttributes.TYPE));
        special.addAll(reserved);
        special.addAll(keyFieldNames);
        // pk, sk and _type first: every stored item has them
        return new StoredNames(reserved, keyFieldNames, keyPropertyNames, List.copyOf(fields), new NameSet(special));
    }

    /** The reserved attribute names. */
    Set<String> reserved() {
        return reserved;
    }

    /** The key fields' names as Jackson writes them. */
    Set<String> keyFieldNames() {
        return keyFieldNames;
    }

    /** The key fields' property names as Jackson reads them, in key order (the array itself: do not change it). */
    String[] keyPropertyNames() {
        return keyPropertyNames;
    }

    /** The names the type's other fields are stored under, in field order (absent while a field is null). */
    List<String> fieldAttributes() {
        return fieldAttributes;
    }

    /** Reserved attribute names and key field names: never stored as, or read from, attributes. */
    NameSet notStored() {
        return notStored;
    }
}
