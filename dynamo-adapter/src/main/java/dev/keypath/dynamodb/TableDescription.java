package dev.keypath.dynamodb;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The registered item types of a table, described as their items are stored ({@link TypeDescription}), in type
 * name order: what a committed schema snapshot records and a test compares with the code (keypath-test's
 * {@code SchemaSnapshot}). A table gives its own ({@link KeyPathTable#description()}); {@code KeyPathTables.describe}
 * gives one for types alone, with no client or table. Equal for the same types registered in any order. Immutable.
 *
 * @param types the types, in name order
 */
public record TableDescription(List<TypeDescription> types) {
    /** Keeps the types in name order. */
    public TableDescription {
        types = types.stream().sorted(Comparator.comparing(TypeDescription::name)).toList();
    }

    /** The type stored under {@code name}, if it is registered. */
    public Optional<TypeDescription> type(String name) {
        return types.stream().filter(t -> t.name().equals(name)).findFirst();
    }
}
