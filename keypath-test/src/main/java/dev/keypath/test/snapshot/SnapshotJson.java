package dev.keypath.test.snapshot;

import dev.keypath.dynamodb.ChangeDescription;
import dev.keypath.dynamodb.FieldDescription;
import dev.keypath.dynamodb.IndexDescription;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.TypeDescription;
import dev.keypath.dynamodb.annotation.IndexProjection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The committed form of a {@link TableDescription}: JSON with every name sorted and one thing per line (a field, a
 * role, an index property, a unique key path), lines ending in {@code \n} on every platform, so that a change of
 * the types is a small diff in review. Reads back to an equal description. Stateless.
 */
final class SnapshotJson {
    /** The version of this layout, written first. */
    static final int FORMAT = 1;

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ObjectWriter WRITER = JSON.writer().with(new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectNameValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator(""))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n")));

    private SnapshotJson() {
    }

    static String write(TableDescription table) {
        ObjectNode root = JSON.createObjectNode();
        root.put("snapshotFormat", FORMAT);
        ObjectNode types = root.putObject("types");
        for (TypeDescription t : table.types()) {
            ObjectNode type = types.putObject(t.name());
            type.put("schemaVersion", t.schemaVersion());
            type.put("keyPath", t.keyPath());
            putFields(type.putObject("keyFields"), t.keyFields());
            putFields(type.putObject("fields"), t.fields());
            ObjectNode indexes = type.putObject("indexes");
            for (IndexDescription i : t.indexes()) {
                ObjectNode index = indexes.putObject(i.index());
                index.put("keyPath", i.keyPath());
                index.put("scope", i.local() ? "local" : "global");
                index.put("projection", i.projection().name());
                ArrayNode include = index.putArray("include");
                i.include().forEach(include::add);
            }
            ArrayNode unique = type.putArray("uniqueKeyPaths");
            t.uniqueKeyPaths().forEach(unique::add);
            ObjectNode roles = type.putObject("roles");
            t.roles().forEach(roles::put);
            if (!t.history().isEmpty()) {
                ObjectNode history = type.putObject("history");
                for (ChangeDescription c : t.history()) {
                    ArrayNode version = history.has(Integer.toString(c.version()))
                            ? (ArrayNode) history.get(Integer.toString(c.version()))
                            : history.putArray(Integer.toString(c.version()));
                    ObjectNode change = version.addObject();
                    change.put("kind", c.kind().name());
                    ArrayNode from = change.putArray("from");
                    c.from().forEach(from::add);
                    ArrayNode to = change.putArray("to");
                    c.to().forEach(to::add);
                }
            }
        }
        return WRITER.writeValueAsString(root) + "\n";
    }

    private static void putFields(ObjectNode node, List<FieldDescription> fields) {
        for (FieldDescription f : fields) {
            node.put(f.path(), f.typeWithNullability());
        }
    }

    /** The description {@code json} holds; {@code source} names it in an {@link InvalidSchemaSnapshotException}. */
    static TableDescription read(String json, String source) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JacksonException e) {
            throw new InvalidSchemaSnapshotException("Schema snapshot " + source + " is not JSON: "
                    + e.getOriginalMessage(), e);
        }
        Reader r = new Reader(source);
        JsonNode format = r.member(root, "snapshotFormat", "the snapshot");
        if (!format.isInt() || format.intValue() != FORMAT) {
            throw r.problem("snapshotFormat is " + format + "; this version of keypath-test reads format " + FORMAT);
        }
        List<TypeDescription> types = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : r.object(root, "types", "the snapshot").entrySet()) {
            types.add(r.type(e.getKey(), e.getValue()));
        }
        return new TableDescription(types);
    }

    /** Reads the parts of one snapshot, naming it and the place of a problem. */
    private record Reader(String source) {
        TypeDescription type(String name, JsonNode t) {
            String where = "type " + name;
            JsonNode version = member(t, "schemaVersion", where);
            if (!version.isInt() || version.intValue() < 1) {
                throw problem(where + ": schemaVersion is " + version + ", not a whole number from 1");
            }
            List<IndexDescription> indexes = new ArrayList<>();
            for (Map.Entry<String, JsonNode> i : object(t, "indexes", where).entrySet()) {
                String at = where + ", index " + i.getKey();
                String scope = text(i.getValue(), "scope", at);
                if (!Set.of("local", "global").contains(scope)) {
                    throw problem(at + ": scope is '" + scope + "', not local or global");
                }
                String projection = text(i.getValue(), "projection", at);
                IndexProjection p;
                try {
                    p = IndexProjection.valueOf(projection);
                } catch (IllegalArgumentException e) {
                    throw problem(at + ": projection is '" + projection + "', not ALL, KEYS_ONLY or INCLUDE");
                }
                indexes.add(new IndexDescription(i.getKey(), text(i.getValue(), "keyPath", at), scope.equals("local"),
                        p, texts(i.getValue(), "include", at)));
            }
            Map<String, String> roles = new LinkedHashMap<>();
            object(t, "roles", where).forEach((role, field) -> roles.put(role, textValue(field, where + ", role " + role)));
            return new TypeDescription(name, version.intValue(), text(t, "keyPath", where),
                    fields(t, "keyFields", where), fields(t, "fields", where), indexes,
                    texts(t, "uniqueKeyPaths", where), roles, history(t, where));
        }

        /** The declared changes, none when the type has no {@code history} (a type at version 1). */
        List<ChangeDescription> history(JsonNode t, String where) {
            List<ChangeDescription> history = new ArrayList<>();
            if (!t.has("history")) {
                return history;
            }
            for (Map.Entry<String, JsonNode> v : object(t, "history", where).entrySet()) {
                String at = where + ", history version " + v.getKey();
                int version;
                try {
                    version = Integer.parseInt(v.getKey());
                } catch (NumberFormatException e) {
                    throw problem(at + ": not a version number");
                }
                if (!v.getValue().isArray()) {
                    throw problem(at + " is not an array");
                }
                for (JsonNode c : v.getValue().values()) {
                    String kind = text(c, "kind", at);
                    dev.keypath.dynamodb.SchemaChange.Kind k;
                    try {
                        k = dev.keypath.dynamodb.SchemaChange.Kind.valueOf(kind);
                    } catch (IllegalArgumentException e) {
                        throw problem(at + ": kind '" + kind + "' is not one of "
                                + java.util.Arrays.toString(dev.keypath.dynamodb.SchemaChange.Kind.values()));
                    }
                    history.add(new ChangeDescription(version, k, texts(c, "from", at), texts(c, "to", at)));
                }
            }
            return history;
        }

        List<FieldDescription> fields(JsonNode t, String name, String where) {
            List<FieldDescription> fields = new ArrayList<>();
            object(t, name, where).forEach((path, type) -> {
                String text = textValue(type, where + ", " + name + " " + path);
                boolean nullable = text.endsWith("?");
                fields.add(new FieldDescription(path, nullable ? text.substring(0, text.length() - 1) : text,
                        nullable));
            });
            return fields;
        }

        JsonNode member(JsonNode node, String name, String where) {
            JsonNode member = node.isObject() ? node.get(name) : null;
            if (member == null) {
                throw problem(where + " has no " + name);
            }
            return member;
        }

        Map<String, JsonNode> object(JsonNode node, String name, String where) {
            JsonNode member = member(node, name, where);
            if (!member.isObject()) {
                throw problem(where + ": " + name + " is not an object");
            }
            Map<String, JsonNode> entries = new LinkedHashMap<>();
            member.properties().forEach(e -> entries.put(e.getKey(), e.getValue()));
            return entries;
        }

        String text(JsonNode node, String name, String where) {
            return textValue(member(node, name, where), where + ", " + name);
        }

        List<String> texts(JsonNode node, String name, String where) {
            JsonNode member = member(node, name, where);
            if (!member.isArray()) {
                throw problem(where + ": " + name + " is not an array");
            }
            List<String> texts = new ArrayList<>();
            member.values().forEach(v -> texts.add(textValue(v, where + ", " + name)));
            return texts;
        }

        String textValue(JsonNode node, String where) {
            if (!node.isString()) {
                throw problem(where + " is " + node + ", not a string");
            }
            return node.stringValue();
        }

        InvalidSchemaSnapshotException problem(String message) {
            return new InvalidSchemaSnapshotException("Schema snapshot " + source + ": " + message, null);
        }
    }
}
