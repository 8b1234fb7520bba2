package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.internal.mapping.Property;
import dev.keypath.dynamodb.internal.mapping.RecordConstructor;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.KeyField;
import java.util.List;

/**
 * A record item as a put stored it, rebuilt through the record's canonical constructor from its own component
 * values, with no Jackson pass: unset auto-id key fields take the ids of the stored key path, and the version
 * field the new version. Immutable and thread-safe.
 */
final class RecordStoredForm {
    private final Class<?> type;
    /** The components in order, and the canonical constructor taking them as an array. */
    private final Property[] components;
    private final RecordConstructor constructor;
    private final KeyLayout layout;
    private final List<KeyField> keyFields;
    /** Each key field's component index, and the version's (-1 without one). */
    private final int[] keyFieldComponents;
    private final int versionComponent;
    /** Whether the version component is an int (else a long). */
    private final boolean intVersion;

    /** The stored form of record {@code type} as {@code declared}; an {@link ItemMappingException} if unusable. */
    RecordStoredForm(Class<?> type, ItemDeclaration declared) {
        this.type = type;
        this.components = declared.components();
        this.constructor = RecordConstructor.of(type);
        this.layout = declared.layout();
        this.keyFields = declared.keyFields();
        this.keyFieldComponents = declared.keyComponents();
        Property version = declared.roles().version();
        this.versionComponent = version == null ? -1 : List.of(components).indexOf(version);
        Class<?> v = version == null ? null : version.javaType();
        this.intVersion = v == int.class || v == Integer.class;
    }

    /**
     * {@code item} as a put stored it at {@code keyPath}: unset auto-id key fields take the path's ids, and the
     * version becomes {@code newVersion} (when the type has one and it is not negative).
     */
    Object rebuild(Object item, KeyPath keyPath, long newVersion) {
        Object[] args = new Object[components.length];
        for (int i = 0; i < args.length; i++) {
            args[i] = components[i].get(item);
        }
        KeyId[] ids = null;
        for (int k = 0; k < keyFieldComponents.length; k++) {
            KeyField f = keyFields.get(k);
            int at = keyFieldComponents[k];
            if (f.autoId() != null && f.fieldType().isUnset(args[at])) {
                if (ids == null) {
                    ids = layout.match(keyPath);
                }
                args[at] = f.fieldType().fromKeyId(ids[k], f.where());
            }
        }
        if (versionComponent >= 0 && newVersion >= 0) {
            args[versionComponent] = intVersion ? (Object) Math.toIntExact(newVersion) : (Object) newVersion;
        }
        try {
            return constructor.construct(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new ItemMappingException("Cannot construct a " + type.getName(), keyPath, e);
        }
    }
}
