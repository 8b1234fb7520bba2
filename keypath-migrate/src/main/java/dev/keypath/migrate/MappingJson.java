package dev.keypath.migrate;

import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the JSON form of a {@link MigrationMapping}:
 *
 * <pre>{@code
 * {
 *   "partitionKey": "PK", "sortKey": "SK",
 *   "drop": ["GSI1PK", "GSI1SK"],
 *   "rename": {"_type": "legacyType"},
 *   "entities": [
 *     {"name": "comment", "pk": "USER#{userId:uuid}", "sk": "POST#{postId:int}#COMMENT#{commentId:int}",
 *      "keyPath": "/user-{userId}/post-{postId}/comment-{commentId}", "type": "Comment", "drop": ["GSI2PK"]}
 *   ]
 * }
 * }</pre>
 *
 * Unknown fields are errors (a misspelt {@code "dorp"} must not silently copy the attributes it meant to drop).
 */
final class MappingJson {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Set<String> TOP = Set.of("partitionKey", "sortKey", "drop", "rename", "entities");
    private static final Set<String> ENTITY = Set.of("name", "pk", "sk", "keyPath", "type", "drop", "rename");

    private MappingJson() {
    }

    static MigrationMapping parse(String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JacksonException e) {
            TokenStreamLocation at = e.getLocation();
            String where = at == null ? null : "line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new MappingDeclarationException(null, null, where, "not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new MappingDeclarationException(null, null, null, "the mapping must be a JSON object");
        }
        known(root, TOP, null, "");
        MigrationMapping.Builder mapping = MigrationMapping.builder();
        if (root.has("partitionKey")) {
            mapping.partitionKeyAttribute(text(root, "partitionKey", null, true));
        }
        if (root.has("sortKey")) {
            mapping.sortKeyAttribute(root.get("sortKey").isNull() ? null : text(root, "sortKey", null, true));
        }
        mapping.drop(strings(root, "drop", null));
        renames(root, null).forEach(mapping::rename);
        JsonNode entities = root.get("entities");
        if (entities == null || !entities.isArray()) {
            throw new MappingDeclarationException(null, "entities", null, "\"entities\" must be an array of entities");
        }
        for (int i = 0; i < entities.size(); i++) {
            JsonNode e = entities.get(i);
            String where = "entities[" + i + "]";
            if (!e.isObject()) {
                throw new MappingDeclarationException(where, null, null, "an entity must be a JSON object");
            }
            String name = e.has("name") ? text(e, "name", where, true) : where;
            known(e, ENTITY, name, where + ".");
            EntityMapping.Builder b = EntityMapping.builder(name)
                    .partitionKey(text(e, "pk", name, false))
                    .sortKey(text(e, "sk", name, false))
                    .keyPath(text(e, "keyPath", name, false))
                    .type(text(e, "type", name, false))
                    .drop(strings(e, "drop", name));
            renames(e, name).forEach(b::rename);
            mapping.entity(b.build());
        }
        return mapping.build();
    }

    private static void known(JsonNode object, Set<String> fields, String entity, String prefix) {
        for (Map.Entry<String, JsonNode> p : object.properties()) {
            if (!fields.contains(p.getKey())) {
                throw new MappingDeclarationException(entity, prefix + p.getKey(), null, "unknown field \""
                        + p.getKey() + "\" (known: " + String.join(", ", fields.stream().sorted().toList()) + ")");
            }
        }
    }

    private static String text(JsonNode object, String field, String entity, boolean required) {
        JsonNode v = object.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new MappingDeclarationException(entity, field, null, "\"" + field + "\" is required");
            }
            return null;
        }
        if (!v.isString()) {
            throw new MappingDeclarationException(entity, field, null, "\"" + field + "\" must be a string");
        }
        return v.stringValue();
    }

    /** The {@code "rename"} object: source attribute to new name, in the file's order. */
    private static Map<String, String> renames(JsonNode object, String entity) {
        JsonNode v = object.get("rename");
        Map<String, String> out = new java.util.LinkedHashMap<>();
        if (v == null || v.isNull()) {
            return out;
        }
        if (!v.isObject()) {
            throw new MappingDeclarationException(entity, "rename", null,
                    "\"rename\" must be an object of source attribute names to new names");
        }
        for (Map.Entry<String, JsonNode> p : v.properties()) {
            if (!p.getValue().isString()) {
                throw new MappingDeclarationException(entity, "rename." + p.getKey(), null, "must be a string");
            }
            out.put(p.getKey(), p.getValue().stringValue());
        }
        return out;
    }

    private static String[] strings(JsonNode object, String field, String entity) {
        JsonNode v = object.get(field);
        if (v == null || v.isNull()) {
            return new String[0];
        }
        if (!v.isArray()) {
            throw new MappingDeclarationException(entity, field, null, "\"" + field + "\" must be an array of strings");
        }
        String[] out = new String[v.size()];
        for (int i = 0; i < out.length; i++) {
            if (!v.get(i).isString()) {
                throw new MappingDeclarationException(entity, field + "[" + i + "]", null, "must be a string");
            }
            out[i] = v.get(i).stringValue();
        }
        return out;
    }
}
