package dev.keypath.test.snapshot;

import dev.keypath.dynamodb.FieldDescription;
import dev.keypath.dynamodb.IndexDescription;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.TypeDescription;
import dev.keypath.test.snapshot.SchemaChange.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The changes from one table description to another, every one of them, in a fixed order: by type name, then
 * version, key path, key fields, fields, roles, indexes and unique key paths, each by name. A type that disappears
 * while another with the same key path appears is a rename. Stateless.
 */
final class SchemaDiff {
    private SchemaDiff() {
    }

    static List<SchemaChange> between(TableDescription before, TableDescription after) {
        Map<String, TypeDescription> old = byName(before);
        Map<String, TypeDescription> now = byName(after);
        Map<String, String> renamedFrom = renames(old, now);
        List<SchemaChange> changes = new ArrayList<>();
        Set<String> names = new TreeSet<>(old.keySet());
        names.addAll(now.keySet());
        for (String name : names) {
            TypeDescription o = old.get(name);
            TypeDescription n = now.get(name);
            if (o != null && n != null) {
                typeChanges(name, o, n, changes);
            } else if (n != null && renamedFrom.containsKey(name)) {
                TypeDescription from = old.get(renamedFrom.get(name));
                changes.add(new SchemaChange(Kind.TYPE_RENAMED, name, from.name(), from.keyPath(), n.keyPath()));
                typeChanges(name, from, n, changes);
            } else if (n != null) {
                changes.add(new SchemaChange(Kind.TYPE_ADDED, name, "", null, n.keyPath()));
            } else if (!renamedFrom.containsValue(name)) {
                changes.add(new SchemaChange(Kind.TYPE_REMOVED, name, "", o.keyPath(), null));
            }
        }
        return List.copyOf(changes);
    }

    /**
     * New name to old name for each type that went while another with its key path came; when several could pair,
     * the first in name order pairs with the first.
     */
    private static Map<String, String> renames(Map<String, TypeDescription> old, Map<String, TypeDescription> now) {
        Map<String, String> renamedFrom = new TreeMap<>();
        for (TypeDescription gone : old.values()) {
            if (now.containsKey(gone.name())) {
                continue;
            }
            for (TypeDescription came : now.values()) {
                if (!old.containsKey(came.name()) && !renamedFrom.containsKey(came.name())
                        && came.keyPath().equals(gone.keyPath())) {
                    renamedFrom.put(came.name(), gone.name());
                    break;
                }
            }
        }
        return renamedFrom;
    }

    private static void typeChanges(String type, TypeDescription o, TypeDescription n, List<SchemaChange> out) {
        if (o.schemaVersion() != n.schemaVersion()) {
            out.add(new SchemaChange(n.schemaVersion() > o.schemaVersion() ? Kind.VERSION_RAISED
                    : Kind.VERSION_LOWERED, type, "", Integer.toString(o.schemaVersion()),
                    Integer.toString(n.schemaVersion())));
        }
        if (!o.keyPath().equals(n.keyPath())) {
            out.add(new SchemaChange(Kind.KEY_PATH_CHANGED, type, o.keyPath(), o.keyPath(), n.keyPath()));
        }
        compare(type, fields(o.keyFields()), fields(n.keyFields()), Kind.KEY_FIELD_CHANGED, Kind.KEY_FIELD_CHANGED,
                Kind.KEY_FIELD_CHANGED, out);
        compare(type, fields(o.fields()), fields(n.fields()), Kind.FIELD_ADDED, Kind.FIELD_REMOVED,
                Kind.FIELD_RETYPED, out);
        compare(type, roles(o.roles(), false), roles(n.roles(), false), Kind.ROLE_CHANGED, Kind.ROLE_CHANGED,
                Kind.ROLE_CHANGED, out);
        compare(type, roles(o.roles(), true), roles(n.roles(), true), Kind.SHARDS_CHANGED, Kind.SHARDS_CHANGED,
                Kind.SHARDS_CHANGED, out);
        compare(type, indexes(o.indexes()), indexes(n.indexes()), Kind.INDEX_ADDED, Kind.INDEX_REMOVED,
                Kind.INDEX_CHANGED, out);
        compare(type, unique(o.uniqueKeyPaths()), unique(n.uniqueKeyPaths()), Kind.UNIQUE_KEY_PATH_ADDED,
                Kind.UNIQUE_KEY_PATH_REMOVED, Kind.UNIQUE_KEY_PATH_ADDED, out);
    }

    /** The roles that say how partitions are sharded ({@code shards}, {@code shards.<index>}), or all the others. */
    private static Map<String, String> roles(Map<String, String> roles, boolean shards) {
        Map<String, String> out = new TreeMap<>();
        roles.forEach((role, field) -> {
            if (isShards(role) == shards) {
                out.put(role, field);
            }
        });
        return out;
    }

    private static boolean isShards(String role) {
        return role.equals(TypeDescription.SHARDS) || role.startsWith(TypeDescription.SHARDS + ".");
    }

    /** Adds a change for every name whose value differs between {@code o} and {@code n}. */
    private static void compare(String type, Map<String, String> o, Map<String, String> n, Kind added, Kind removed,
                                Kind changed, List<SchemaChange> out) {
        Set<String> names = new TreeSet<>(o.keySet());
        names.addAll(n.keySet());
        for (String name : names) {
            String before = o.get(name);
            String after = n.get(name);
            if (before == null) {
                out.add(new SchemaChange(added, type, name, null, after));
            } else if (after == null) {
                out.add(new SchemaChange(removed, type, name, before, null));
            } else if (!Objects.equals(before, after)) {
                out.add(new SchemaChange(changed, type, name, before, after));
            }
        }
    }

    private static Map<String, TypeDescription> byName(TableDescription table) {
        return index(table.types(), TypeDescription::name, t -> t);
    }

    private static Map<String, String> fields(List<FieldDescription> fields) {
        return index(fields, FieldDescription::path, FieldDescription::typeWithNullability);
    }

    private static Map<String, String> indexes(List<IndexDescription> indexes) {
        return index(indexes, IndexDescription::index, IndexDescription::summary);
    }

    private static Map<String, String> unique(List<String> keyPaths) {
        return index(keyPaths, k -> k, k -> k);
    }

    private static <E, V> Map<String, V> index(List<E> list, Function<E, String> key, Function<E, V> value) {
        Map<String, V> map = new TreeMap<>();
        for (E e : list) {
            map.put(key.apply(e), value.apply(e));
        }
        return map;
    }
}
