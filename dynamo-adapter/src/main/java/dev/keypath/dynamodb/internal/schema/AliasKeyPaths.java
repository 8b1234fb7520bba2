package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.KeyPathMismatchException;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.UniqueKeyPaths;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.mapping.Property;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.KeyField;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.UniqueKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The unique key paths of one item type ({@link UniqueKeyPath}), the alternate key paths its items are also found
 * by: read from its annotations and checked when the type is registered; per item, the aliases it holds and their
 * stored form ({@code _kp_aliases}); per caller's alias, whether it can be one of them. Immutable and thread-safe.
 */
final class AliasKeyPaths {
    private final Class<?> type;
    private final String typeName;
    /** The type's own key path template, named when an alias fits no unique key path of a type without one. */
    private final KeyPathTemplate template;
    private final List<UniqueKey> keys;
    /** The stored and Java names of the fields the unique key paths use: updates may not change them. */
    private final Set<String> fieldNames;

    private AliasKeyPaths(Class<?> type, String typeName, KeyPathTemplate template, List<UniqueKey> keys,
                          Set<String> fieldNames) {
        this.type = type;
        this.typeName = typeName;
        this.template = template;
        this.keys = keys;
        this.fieldNames = fieldNames;
    }

    /**
     * The unique key paths {@code type} declares, checked, with its fields named as in {@code props} and as
     * Jackson stores them ({@code jsonNames}).
     */
    static AliasKeyPaths declared(Class<?> type, String typeName, KeyPathTemplate template,
                                  Map<String, Property> props, Map<String, String> jsonNames) {
        List<UniqueKey> keys = new ArrayList<>();
        for (UniqueKeyPath u : RepeatedAnnotations.on(type, UniqueKeyPath.class, UniqueKeyPaths.class)) {
            KeyPathTemplate ut = ItemKeys.parseTemplate(u.value(), "@UniqueKeyPath", type);
            if (ut.variables().isEmpty()) {
                throw new ItemMappingException("@UniqueKeyPath(\"" + u.value() + "\") of " + type.getName()
                        + " has no variable, so only one item of the type could ever exist; name a field in it");
            }
            keys.add(new UniqueKey(new KeyLayout(ut), ItemKeys.bind(type, ut, props, false)));
        }
        Set<String> names = new HashSet<>();
        for (UniqueKey u : keys) {
            for (KeyField f : u.fields()) {
                names.add(f.property().name());
                names.add(jsonNames.getOrDefault(f.property().name(), f.property().name()));
            }
        }
        return new AliasKeyPaths(type, typeName, template, List.copyOf(keys), Set.copyOf(names));
    }

    /** The unique key paths, in declaration order. */
    List<UniqueKey> list() {
        return keys;
    }

    /** Whether the type declares none. */
    boolean isEmpty() {
        return keys.isEmpty();
    }

    /** Whether {@code attribute}, a stored or Java name, is a field some unique key path uses. */
    boolean isUniqueField(String attribute) {
        return fieldNames.contains(attribute);
    }

    /** The alternate key paths {@code item} holds, in declaration order; those with a null variable are left out. */
    List<KeyPath> aliasPaths(Object item, Map<String, Object> generated) {
        List<KeyPath> paths = new ArrayList<>(keys.size());
        for (UniqueKey u : keys) {
            KeyPath p = ItemKeys.bindOptional(type, u.template(), u.fields(), item, generated,
                    "unique key path " + u.template().source());
            if (p != null) {
                paths.add(p);
            }
        }
        return paths;
    }

    /** Puts into {@code attrs} the stored form of the aliases {@code item} holds, when it holds some. */
    void store(Object item, Map<String, Object> generated, Map<String, AttributeValue> attrs) {
        if (!keys.isEmpty()) {
            List<KeyPath> aliases = aliasPaths(item, generated);
            if (!aliases.isEmpty()) {
                attrs.put(TableAttributes.ALIASES, aliasList(aliases));
            }
        }
    }

    /** The stored form of an item's alternate key paths: a list of their canonical texts. */
    static AttributeValue aliasList(List<KeyPath> aliases) {
        List<AttributeValue> texts = new ArrayList<>(aliases.size());
        for (KeyPath a : aliases) {
            texts.add(AttributeValues.string(a.toString()));
        }
        return AttributeValue.fromL(texts);
    }

    /**
     * Checks that {@code alias} can be one of the type's alternate key paths: a {@link KeyPathMismatchException}
     * naming the alias, the type and its unique key path templates otherwise.
     */
    void checkAliasPath(KeyPath alias) {
        List<String> problems = new ArrayList<>();
        for (UniqueKey u : keys) {
            String problem = ItemKeys.misfit(u.template(), u.fields(), alias);
            if (problem == null) {
                return;
            }
            problems.add(u.template().source() + ": " + problem);
        }
        throw new KeyPathMismatchException("Alias cannot be a unique key path of " + typeName + " ("
                + String.join("; ", problems) + ")", alias, typeName,
                keys.isEmpty() ? template : keys.get(0).template().source());
    }
}
