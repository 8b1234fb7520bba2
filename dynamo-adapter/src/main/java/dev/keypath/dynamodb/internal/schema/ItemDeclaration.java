package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ShardDeclarationException;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.internal.mapping.ItemMappers;
import dev.keypath.dynamodb.internal.mapping.JsonNames;
import dev.keypath.dynamodb.internal.mapping.MapperSource;
import dev.keypath.dynamodb.internal.mapping.PlainRecordCodec;
import dev.keypath.dynamodb.internal.mapping.PlainRecords;
import dev.keypath.dynamodb.internal.mapping.Property;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.KeyField;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one {@link ItemType} class declares, read by reflection and checked once, when the type is registered: its
 * stored name, key path template and key fields, the fields with a role (version, expiry, timestamps), its
 * secondary and unique key paths, the names its attributes are stored under, and whether it maps without
 * Jackson. A problem is an {@link ItemMappingException} naming the class and the field or annotation. Immutable;
 * the arrays are shared, not copied, and never changed.
 *
 * @param typeName      the name stored in {@code _type}
 * @param keys          the key path template bound to the key fields
 * @param versionName   the attribute the version is stored under (its name as Jackson writes it), or null
 * @param plain         maps the type without Jackson when it qualifies ({@link PlainRecords}); else null
 * @param components    the properties in order (for a record, its components)
 * @param keyComponents each key field's index in {@code components}
 * @param usesSequence  whether a key field is an {@code @AutoId(SEQUENCE)}
 * @param hasAutoIds    whether some key field is an auto id
 * @param shards        how the type's partition is spread ({@code @Sharded}), or null when it is not
 */
record ItemDeclaration(String typeName, KeyPathTemplate template, KeyLayout layout, List<KeyField> keyFields,
                       ItemKeys keys, RoleFields roles, String versionName, TimestampField createdAt,
                       TimestampField updatedAt, IndexKeyPaths indexKeys, AliasKeyPaths aliasKeys, StoredNames names,
                       PlainRecordCodec plain, Property[] components, int[] keyComponents, boolean usesSequence,
                       boolean hasAutoIds, ShardRule shards) {

    /** Reads and checks the declaration of {@code type}, whose attributes {@code mapper} names. */
    static ItemDeclaration read(Class<?> type, MapperSource mapper) {
        ItemType ann = type.getAnnotation(ItemType.class);
        if (ann == null) {
            throw new ItemMappingException(type.getName() + " is not annotated with @ItemType");
        }
        String typeName = ann.name().isEmpty() ? type.getSimpleName() : ann.name();
        KeyPathTemplate template = ItemKeys.parseTemplate(ann.keyPath(), "@ItemType key path", type);
        if (template.namespace(0).startsWith(TableAttributes.RESERVED_NAMESPACE_PREFIX)) {
            throw new ItemMappingException(type.getName() + ": the key path " + template + " starts with the namespace "
                    + template.namespace(0) + "; namespaces starting with " + TableAttributes.RESERVED_NAMESPACE_PREFIX
                    + " hold keypath's own items (sequence counters, aliases, the layout record): choose another");
        }
        Map<String, Property> props = Property.of(type);
        List<KeyField> keyFields = ItemKeys.bind(type, template, props, true);
        KeyLayout layout = new KeyLayout(template);
        RoleFields roles = RoleFields.of(type, props);
        Property[] components = props.values().toArray(new Property[0]);
        List<Property> all = List.of(components);
        int[] keyComponents = new int[keyFields.size()];
        boolean autoIds = false;
        for (int i = 0; i < keyComponents.length; i++) {
            keyComponents[i] = all.indexOf(keyFields.get(i).property());
            autoIds |= keyFields.get(i).autoId() != null;
        }
        PlainRecordCodec plain = mapper.isDefault() && type.isRecord()
                ? PlainRecords.item(type, keyComponents, props) : null;
        // under the default mapper a plain record's properties keep their Java names
        Map<String, String> jsonNames = plain != null ? Map.of() : JsonNames.of(ItemMappers.of(mapper.get()), type);
        IndexKeyPaths indexKeys = IndexKeyPaths.declared(type, template, keyFields, props, jsonNames);
        AliasKeyPaths aliasKeys = AliasKeyPaths.declared(type, typeName, template, props, jsonNames);
        Set<String> reserved = StoredNames.reserved(type, props, indexKeys);
        Property version = roles.version();
        String versionName = version == null ? null : jsonNames.getOrDefault(version.name(), version.name());
        TimestampField createdAt = RoleFields.timestamp(type, props, jsonNames, CreatedAt.class);
        TimestampField updatedAt = RoleFields.timestamp(type, props, jsonNames, UpdatedAt.class);
        ItemKeys keys = new ItemKeys(type, typeName, template, layout, keyFields);
        boolean usesSequence = keys.checkAutoIds();
        StoredNames names = StoredNames.of(reserved, props, jsonNames, keyFields);
        ShardRule shards = ShardRule.declared(type.getAnnotation(Sharded.class), layout,
                "@Sharded of " + type.getName());
        if (shards != null && shards.random()) {
            String needsKey = version != null ? "a @Version" : !aliasKeys.isEmpty() ? "a @UniqueKeyPath"
                    : usesSequence ? "a sequence id" : null;
            if (needsKey != null) {
                throw new ShardDeclarationException("@Sharded of " + type.getName() + ": a random shard cannot be "
                        + "found from a key path, but " + needsKey + " needs the stored item by key; calculate the "
                        + "shard from ids (by = \"...\") instead");
            }
            if (generatedLastId(template, keyFields) == null) {
                throw new ShardDeclarationException("@Sharded of " + type.getName() + ": a random shard stores each "
                        + "put as a new item, so a second put of a key path already stored would store it twice, in "
                        + "two shards; the last id of " + template + " must be one keypath generates at each put: "
                        + "declare it @AutoId(UUID_V7) (or UUID_V4) on a UUID field, or calculate the shard from ids "
                        + "(by = \"...\") instead");
            }
        }
        return new ItemDeclaration(typeName, template, layout, keyFields, keys, roles, versionName, createdAt,
                updatedAt, indexKeys, aliasKeys, names, plain, components, keyComponents, usesSequence, autoIds,
                shards);
    }

    /**
     * The key field of the last element's id when keypath generates it as a UUID ({@code @AutoId(UUID_V4)} or
     * {@code UUID_V7}), or null: what makes each put of a random-sharded type a new key path.
     */
    static KeyField generatedLastId(KeyPathTemplate template, List<KeyField> keyFields) {
        for (KeyField f : keyFields) {
            if (template.indexOf(f.variable()) == template.size() - 1
                    && (f.autoId() == AutoId.Strategy.UUID_V4 || f.autoId() == AutoId.Strategy.UUID_V7)) {
                return f;
            }
        }
        return null;
    }

    /** This declaration with its partition spread by {@code rule} instead (null: unsharded). */
    ItemDeclaration withShards(ShardRule rule) {
        return new ItemDeclaration(typeName, template, layout, keyFields, keys, roles, versionName, createdAt,
                updatedAt, indexKeys, aliasKeys, names, plain, components, keyComponents, usesSequence, hasAutoIds,
                rule);
    }
}
