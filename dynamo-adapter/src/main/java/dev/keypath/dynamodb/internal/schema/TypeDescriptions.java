package dev.keypath.dynamodb.internal.schema;

import dev.keypath.dynamodb.ChangeDescription;
import dev.keypath.dynamodb.FieldDescription;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.IndexDescription;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.TypeDescription;
import dev.keypath.dynamodb.internal.mapping.JsonNames;
import dev.keypath.dynamodb.internal.mapping.Property;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.KeyField;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.SecondaryKey;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.UniqueKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.json.JsonMapper;

/**
 * The public descriptions of registered item types ({@link TypeDescription}) and of a table's set of them
 * ({@link TableDescription}), read from their schemas: what is declared, under the names it is stored. Stateless.
 */
public final class TypeDescriptions {
    private TypeDescriptions() {
    }

    /** The description of a table registering the types of {@code schemas}. */
    public static TableDescription of(Collection<DefaultItemSchema<?>> schemas) {
        return new TableDescription(schemas.stream().map(TypeDescriptions::of).toList());
    }

    /** The description of one registered type. */
    public static TypeDescription of(DefaultItemSchema<?> schema) {
        ItemDeclaration declared = schema.declaration();
        JsonMapper mapper = schema.itemMapper();
        Map<String, String> stored = JsonNames.of(mapper, schema.type());
        List<FieldDescription> keyFields = new ArrayList<>();
        Set<String> keyProperties = new HashSet<>();
        Map<String, String> roles = new HashMap<>();
        for (KeyField f : declared.keyFields()) {
            keyFields.add(new FieldDescription(f.variable(),
                    StoredFieldTypes.kindOf(mapper.constructType(f.property().javaType())), false));
            keyProperties.add(f.property().name());
            if (f.autoId() != null) {
                roles.put("autoId." + f.variable(), f.autoId().name());
            }
        }
        List<FieldDescription> fields = new StoredFieldTypes(mapper).fieldsOf(schema.type(), keyProperties);
        List<IndexDescription> indexes = new ArrayList<>();
        for (SecondaryKey k : declared.indexKeys().list()) {
            indexes.add(new IndexDescription(k.index(), k.template().source().toString(), k.local(), k.projection(),
                    k.include()));
            putShards(roles, TypeDescription.SHARDS + "." + k.index(), k.shards());
        }
        putShards(roles, TypeDescription.SHARDS, declared.shards());
        List<String> unique = new ArrayList<>();
        for (UniqueKey u : declared.aliasKeys().list()) {
            unique.add(u.template().source().toString());
        }
        if (declared.versionName() != null) {
            roles.put("version", declared.versionName());
        }
        Property ttl = declared.roles().ttl();
        if (ttl != null) {
            roles.put("timeToLive", stored.getOrDefault(ttl.name(), ttl.name()));
        }
        putTimestamp(roles, "createdAt", declared.createdAt());
        putTimestamp(roles, "updatedAt", declared.updatedAt());
        List<ChangeDescription> history = new ArrayList<>();
        for (ItemHistory.Step step : schema.evolution().history().steps()) {
            step.changes().forEach(c -> history.add(ChangeDescription.of(step.version(), c)));
        }
        return new TypeDescription(declared.typeName(), schemaVersion(schema), declared.template().toString(),
                keyFields, fields, indexes, unique, roles, history);
    }

    /** The schema version {@code schema}'s type declares ({@code @ItemType(version)}); the one place that reads it. */
    static int schemaVersion(DefaultItemSchema<?> schema) {
        return schema.schemaVersion();
    }

    /**
     * How a partition is spread, under {@code role}: {@code calculated(16, [orderId])}, {@code random(8)}, and while
     * a re-shard runs {@code calculated(16, [orderId]) from calculated(4, [orderId])}.
     */
    private static void putShards(Map<String, String> roles, String role, ShardRule shards) {
        if (shards != null) {
            roles.put(role, shards.resharding() ? shards + " from " + shards.former() : shards.toString());
        }
    }

    private static void putTimestamp(Map<String, String> roles, String role, TimestampField field) {
        if (field != null) {
            roles.put(role, field.unit() == null ? field.attribute() : field.attribute() + " epoch " + field.unit().name());
        }
    }
}
