package dev.keypath.test.snapshot;

import dev.keypath.dynamodb.ChangeDescription;
import dev.keypath.dynamodb.FieldDescription;
import dev.keypath.dynamodb.IndexDescription;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.TypeDescription;
import dev.keypath.dynamodb.annotation.IndexProjection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Table descriptions drawn from a seed, for the properties of the snapshot's text and diff: one to five types,
 * each with its own key path, fields of every kind (nested ones included), indexes, unique key paths and roles;
 * and the same description with every list and map in another order.
 */
final class RandomDescriptions {
    static final List<String> TYPE_NAMES = List.of("Account", "Comment", "Order", "Post", "User", "shop.Item",
            "Ünïcode type");
    static final List<String> FIELD_PATHS = List.of("a", "body", "title", "profile", "profile.city",
            "profile.visits", "lines", "lines[].n", "lines[].text", "counts{}.x", "cust_ref", "with space",
            "emoji-✓", "nested.deeper.deepest");
    static final List<String> KINDS = List.of("string", "number", "decimal", "boolean", "binary", "uuid", "instant",
            "keypath", "keyid", "json", "any", "java:LocalDate", "record", "enum[A,B]", "list<string>",
            "set<number>", "set<record>", "map<record>", "list<list<binary>>");
    static final List<String> KEY_KINDS = List.of("string", "number", "uuid", "binary", "enum[RED,BLUE]");
    static final List<String> ROLES = List.of("version", "timeToLive", "createdAt", "updatedAt", "autoId.id");
    static final List<String> INDEX_NAMES = List.of("byStatus", "byTotal", "by.topic", "by-day");
    static final List<String> UNIQUE = List.of("/email-{email}", "/handle-{handle}", "/code-{code}/x-\"fixed\"");

    private RandomDescriptions() {
    }

    static TableDescription table(Random r) {
        List<String> names = pick(r, TYPE_NAMES, 1 + r.nextInt(5));
        List<TypeDescription> types = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            types.add(type(r, names.get(i), "/t" + i + "-{id}" + (r.nextBoolean() ? "/sub-{sub}" : "")));
        }
        return new TableDescription(types);
    }

    static TypeDescription type(Random r, String name, String keyPath) {
        List<FieldDescription> keyFields = new ArrayList<>();
        keyFields.add(new FieldDescription("id", oneOf(r, KEY_KINDS), false));
        if (keyPath.contains("{sub}")) {
            keyFields.add(new FieldDescription("sub", oneOf(r, KEY_KINDS), false));
        }
        List<FieldDescription> fields = new ArrayList<>();
        for (String path : pick(r, FIELD_PATHS, r.nextInt(FIELD_PATHS.size()))) {
            fields.add(new FieldDescription(path, oneOf(r, KINDS), r.nextBoolean()));
        }
        List<IndexDescription> indexes = new ArrayList<>();
        for (String index : pick(r, INDEX_NAMES, r.nextInt(3))) {
            indexes.add(index(r, index));
        }
        Map<String, String> roles = new LinkedHashMap<>();
        for (String role : pick(r, ROLES, r.nextInt(ROLES.size()))) {
            roles.put(role, role.startsWith("autoId") ? "SEQUENCE" : "f" + r.nextInt(3));
        }
        int version = 1 + r.nextInt(4);
        return new TypeDescription(name, version, keyPath, keyFields, fields, indexes,
                pick(r, UNIQUE, r.nextInt(3)), roles, history(r, version));
    }

    /** Some declared changes for versions 2 to {@code version}, one or two each, naming fields at random. */
    static List<ChangeDescription> history(Random r, int version) {
        List<ChangeDescription> history = new ArrayList<>();
        for (int v = 2; v <= version; v++) {
            for (int i = 0; i <= r.nextInt(2); i++) {
                dev.keypath.dynamodb.SchemaChange.Kind kind = oneOf(r, List.of(dev.keypath.dynamodb.SchemaChange.Kind.values()));
                history.add(new ChangeDescription(v, kind, pick(r, List.of("a", "old b", "c.d"), r.nextInt(3)),
                        pick(r, List.of("x", "y z", "w"), 1 + r.nextInt(2))));
            }
        }
        return history;
    }

    static IndexDescription index(Random r, String name) {
        IndexProjection projection = oneOf(r, List.of(IndexProjection.values()));
        List<String> include = projection == IndexProjection.INCLUDE
                ? pick(r, List.of("title", "body", "a b", "x,y"), 1 + r.nextInt(3)) : List.of();
        return new IndexDescription(name, "/ix" + r.nextInt(3) + "-{a}/b-{id}", r.nextBoolean(), projection, include);
    }

    /** {@code table} with its types, fields, indexes, included attributes, unique key paths and roles reordered. */
    static TableDescription shuffled(TableDescription table, Random r) {
        List<TypeDescription> types = new ArrayList<>();
        for (TypeDescription t : table.types()) {
            List<IndexDescription> indexes = new ArrayList<>();
            for (IndexDescription i : t.indexes()) {
                indexes.add(new IndexDescription(i.index(), i.keyPath(), i.local(), i.projection(),
                        shuffledList(i.include(), r)));
            }
            List<Map.Entry<String, String>> roleEntries = shuffledList(new ArrayList<>(t.roles().entrySet()), r);
            Map<String, String> roles = new LinkedHashMap<>();
            roleEntries.forEach(e -> roles.put(e.getKey(), e.getValue()));
            types.add(new TypeDescription(t.name(), t.schemaVersion(), t.keyPath(), shuffledList(t.keyFields(), r),
                    shuffledList(t.fields(), r), shuffledList(indexes, r), shuffledList(t.uniqueKeyPaths(), r),
                    roles, t.history()));
        }
        return new TableDescription(shuffledList(types, r));
    }

    static <T> List<T> shuffledList(List<T> list, Random r) {
        List<T> copy = new ArrayList<>(list);
        Collections.shuffle(copy, r);
        return copy;
    }

    static <T> List<T> pick(Random r, List<T> from, int count) {
        return shuffledList(from, r).subList(0, Math.min(count, from.size()));
    }

    static <T> T oneOf(Random r, List<T> from) {
        return from.get(r.nextInt(from.size()));
    }
}
