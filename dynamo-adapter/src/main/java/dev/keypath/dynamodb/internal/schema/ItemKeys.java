package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.KeyPathMismatchException;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.internal.mapping.Property;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.KeyField;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The key binding of one item type: its key path template with each variable bound to a key field. Binds an
 * item's key fields into its key path, matches a stored key path back into the fields' Java values, and checks a
 * caller's key path against the template before any request. The static methods bind and check the fields of any
 * template of the type (its secondary and unique key paths too). Immutable and thread-safe.
 */
final class ItemKeys {
    private final Class<?> type;
    private final String typeName;
    private final KeyPathTemplate template;
    private final KeyLayout layout;
    private final List<KeyField> fields;

    /** The key binding of {@code template}, whose variables {@link #bind} bound to {@code fields}. */
    ItemKeys(Class<?> type, String typeName, KeyPathTemplate template, KeyLayout layout, List<KeyField> fields) {
        this.type = type;
        this.typeName = typeName;
        this.template = template;
        this.layout = layout;
        this.fields = fields;
    }

    /**
     * {@code text} parsed as a key path template; an {@link ItemMappingException} naming {@code what} declares it
     * (such as {@code "@UniqueKeyPath"}) on {@code type} when it is not one.
     */
    static KeyPathTemplate parseTemplate(String text, String what, Class<?> type) {
        try {
            return KeyPathTemplate.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ItemMappingException("Bad " + what + " of " + type.getName() + ": " + e.getMessage(), null, e);
        }
    }

    /**
     * The variables of {@code tpl} bound to the properties of {@code type} they name, in template order; auto ids
     * only on the {@code primary} key path. An {@link ItemMappingException} when a variable names no field or the
     * field's type cannot be a key.
     */
    static List<KeyField> bind(Class<?> type, KeyPathTemplate tpl, Map<String, Property> props, boolean primary) {
        List<KeyField> fields = new ArrayList<>();
        for (String var : tpl.variables()) {
            Property p = props.get(var);
            if (p == null) {
                throw new ItemMappingException("Key path template " + tpl + " of " + type.getName()
                        + " names '" + var + "', which is not a field of the type");
            }
            String where = type.getSimpleName() + "." + var;
            AutoId auto = p.annotation(AutoId.class);
            fields.add(new KeyField(var, p, KeyFieldType.forType(p.javaType(), where),
                    primary && auto != null ? auto.value() : null, where));
        }
        return List.copyOf(fields);
    }

    /** Checks the auto-id key fields against their strategies; true if one uses SEQUENCE. */
    boolean checkAutoIds() {
        boolean seq = false;
        for (int i = 0; i < fields.size(); i++) {
            KeyField f = fields.get(i);
            if (f.autoId() == null) {
                continue;
            }
            String where = type.getName() + "." + f.variable();
            switch (f.autoId()) {
                case UUID_V4, UUID_V7 -> {
                    if (f.fieldType().type() != UUID.class) {
                        throw new ItemMappingException(where + ": @AutoId(" + f.autoId() + ") needs a UUID field");
                    }
                }
                case SEQUENCE -> {
                    if (!f.fieldType().isIntegral() || i != fields.size() - 1) {
                        throw new ItemMappingException(where + ": @AutoId(SEQUENCE) needs a long/int field that is "
                                + "the id of the last key path element");
                    }
                    if (template.size() < 2) {
                        throw new ItemMappingException(where + ": @AutoId(SEQUENCE) counts per parent, and "
                                + template + " has no parent (its id is the partition key); use UUID_V7 for "
                                + "time-ordered ids of a top-level type");
                    }
                    seq = true;
                }
                default -> throw new IllegalStateException();
            }
        }
        return seq;
    }

    /** The key path of {@code item}, with {@code generated} values in place of its unset auto-id fields. */
    KeyPath keyPathOf(Object item, Map<String, Object> generated) {
        KeyId[] ids = new KeyId[fields.size()];
        for (int i = 0; i < ids.length; i++) {
            KeyField f = fields.get(i);
            ids[i] = keyIdOf(f, keyValue(f, item, generated), f.autoId());
        }
        try {
            return layout.bind(ids);
        } catch (IllegalArgumentException e) {
            throw new ItemMappingException("Cannot build the key path of a " + type.getSimpleName() + ": "
                    + e.getMessage(), null, e);
        }
    }

    /**
     * The collection prefix under which a SEQUENCE id is allocated, e.g. {@code /user-1/post}, from the other key
     * fields of {@code item}.
     */
    KeyPath sequencePrefix(Object item) {
        Map<String, KeyId> ids = new LinkedHashMap<>();
        for (int i = 0; i < fields.size() - 1; i++) {
            KeyField f = fields.get(i);
            ids.put(f.variable(), keyIdOf(f, f.property().get(item), null));
        }
        return template.bindPrefix(ids);
    }

    private KeyId keyIdOf(KeyField f, Object v, AutoId.Strategy auto) {
        if (v == null || (auto != null && f.fieldType().isUnset(v))) {
            throw new ItemMappingException("Key field " + type.getSimpleName() + "." + f.variable() + " is not set"
                    + (auto != null ? " (auto ids are generated by put, not by keyPathOf/toItem)" : ""));
        }
        return f.fieldType().toKeyId(v);
    }

    /** The value of a key field: the generated one if there is one, else the item's. */
    static Object keyValue(KeyField f, Object item, Map<String, Object> generated) {
        return !generated.isEmpty() && generated.containsKey(f.variable()) ? generated.get(f.variable())
                : f.property().get(item);
    }

    /**
     * {@code layout} bound with the item's values of {@code fields}; null when one of them is null. An
     * {@link ItemMappingException} naming {@code what} when the ids do not make a key path.
     */
    static KeyPath bindOptional(Class<?> type, KeyLayout layout, List<KeyField> fields, Object item,
                                Map<String, Object> generated, String what) {
        KeyId[] ids = new KeyId[fields.size()];
        for (int i = 0; i < ids.length; i++) {
            Object v = keyValue(fields.get(i), item, generated);
            if (v == null) {
                return null;
            }
            ids[i] = fields.get(i).fieldType().toKeyId(v);
        }
        try {
            return layout.bind(ids);
        } catch (IllegalArgumentException e) {
            throw new ItemMappingException("Cannot build the " + what + " of a " + type.getSimpleName() + ": "
                    + e.getMessage(), null, e);
        }
    }

    /**
     * Checks that {@code path} can address an item of this type: it has the template's shape and every id fits its
     * key field. A {@link KeyPathMismatchException} naming the path, the type and its template otherwise.
     */
    void checkKeyPath(KeyPath path) {
        String problem = misfit(layout, fields, path);
        if (problem != null) {
            throw new KeyPathMismatchException("Key path cannot address a " + typeName + ", whose key path template is "
                    + template + ": " + problem, path, typeName, template);
        }
    }

    /** Why {@code path} cannot be bound from {@code fields} into {@code layout}, or null when it can. */
    static String misfit(KeyLayout layout, List<KeyField> fields, KeyPath path) {
        KeyId[] ids = layout.match(path);
        if (ids == null) {
            return "its namespaces or ids are not the template's";
        }
        for (int i = 0; i < ids.length; i++) {
            KeyField f = fields.get(i);
            try {
                f.fieldType().fromKeyId(ids[i], f.where());
            } catch (ItemMappingException e) {
                return "its " + ids[i].type().name().toLowerCase(Locale.ROOT) + " id " + ids[i]
                        + " does not fit key field " + f.where() + " (" + f.fieldType().type().getSimpleName() + ")";
            }
        }
        return null;
    }

    /**
     * The key fields' Java values in {@code path}, in key order; an {@link ItemMappingException} naming the path
     * when the path is off the template or an id does not fit its field.
     */
    Object[] valuesOf(KeyPath path) {
        KeyId[] ids = layout.match(path);
        if (ids == null) {
            throw new ItemMappingException("Stored key path does not match template " + template + " of "
                    + type.getName(), path, null);
        }
        Object[] keyValues = new Object[ids.length];
        for (int i = 0; i < ids.length; i++) {
            KeyField f = fields.get(i);
            try {
                keyValues[i] = f.fieldType().fromKeyId(ids[i], f.where());
            } catch (ItemMappingException e) {
                throw new ItemMappingException(e.getMessage(), path, e);
            }
        }
        return keyValues;
    }
}
