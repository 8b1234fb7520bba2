package dev.keypath.spring.autoconfigure;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.annotation.ItemType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Applies {@code keypath.dynamodb.schema.*} to a table builder: each name resolved to one of the registered item
 * types, by its stored type name, its simple class name or its fully qualified class name. A name that matches no
 * registered type, or more than one, is a {@link KeyPathConfigurationException} naming the property and the value.
 */
final class SchemaWriteSettings {
    private static final String PREFIX = "keypath.dynamodb.schema.";
    private final Set<Class<?>> registered;

    SchemaWriteSettings(Set<Class<?>> registered) {
        this.registered = registered;
    }

    void apply(KeyPathDynamoProperties.Schema schema, KeyPathTable.Builder builder) {
        List<Class<?>> previous = resolve("write-previous-version", schema.getWritePreviousVersion());
        if (!previous.isEmpty()) {
            builder.writePreviousVersion(previous.toArray(new Class<?>[0]));
        }
        List<String> upgrade = schema.getUpgradeOnWrite();
        if (upgrade.contains("*")) {
            if (upgrade.size() > 1) {
                throw new KeyPathConfigurationException(PREFIX + "upgrade-on-write is " + upgrade + ": '*' already "
                        + "names every type", "Give either '*' or the types");
            }
            builder.upgradeAllOnWrite();
        } else {
            List<Class<?>> upgrading = resolve("upgrade-on-write", upgrade);
            if (!upgrading.isEmpty()) {
                builder.upgradeOnWrite(upgrading.toArray(new Class<?>[0]));
            }
        }
    }

    private List<Class<?>> resolve(String property, List<String> names) {
        List<Class<?>> types = new ArrayList<>();
        for (String name : names) {
            types.add(resolve(property, name.trim()));
        }
        return types;
    }

    private Class<?> resolve(String property, String name) {
        List<Class<?>> matches = registered.stream().filter(t -> named(t, name)).toList();
        if (matches.size() == 1) {
            return matches.get(0);
        }
        Set<String> known = new TreeSet<>();
        registered.forEach(t -> known.add(storedName(t)));
        if (matches.isEmpty()) {
            throw new KeyPathConfigurationException(PREFIX + property + " names '" + name + "', which is no "
                    + "registered item type (registered: " + String.join(", ", known) + ")",
                    "Name a type by its @ItemType name, its simple class name or its fully qualified class name, "
                            + "or register it through keypath.dynamodb.item-type-packages");
        }
        throw new KeyPathConfigurationException(PREFIX + property + " names '" + name + "', which matches "
                + matches.stream().map(Class::getName).sorted().toList(), "Name the type by its fully qualified "
                + "class name");
    }

    private static boolean named(Class<?> type, String name) {
        return name.equals(storedName(type)) || name.equals(type.getSimpleName()) || name.equals(type.getName())
                || name.equals(type.getCanonicalName());
    }

    private static String storedName(Class<?> type) {
        ItemType declared = type.getAnnotation(ItemType.class);
        return declared == null || declared.name().isEmpty() ? type.getSimpleName() : declared.name();
    }
}
