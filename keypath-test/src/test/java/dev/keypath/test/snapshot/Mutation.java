package dev.keypath.test.snapshot;

import dev.keypath.dynamodb.FieldDescription;
import dev.keypath.dynamodb.IndexDescription;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.TypeDescription;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.test.snapshot.SchemaChange.Kind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One change made to one type of a table description, and the one {@link SchemaChange} that the diff must find for
 * it (its kind, type and subject). {@link #apply} gives null when the description has nothing to change this way.
 */
enum Mutation {
    ADD_FIELD(Kind.FIELD_ADDED) {
        @Override
        Mutated change(Copy t, Random r) {
            String path = "added" + r.nextInt(1000);
            t.fields.add(new FieldDescription(path, RandomDescriptions.oneOf(r, RandomDescriptions.KINDS),
                    r.nextBoolean()));
            return t.changed(path);
        }
    },
    REMOVE_FIELD(Kind.FIELD_REMOVED) {
        @Override
        Mutated change(Copy t, Random r) {
            return t.fields.isEmpty() ? null : t.changed(t.fields.remove(r.nextInt(t.fields.size())).path());
        }
    },
    RETYPE_FIELD(Kind.FIELD_RETYPED) {
        @Override
        Mutated change(Copy t, Random r) {
            if (t.fields.isEmpty()) {
                return null;
            }
            int i = r.nextInt(t.fields.size());
            FieldDescription f = t.fields.get(i);
            t.fields.set(i, new FieldDescription(f.path(), f.type() + "2", f.nullable()));
            return t.changed(f.path());
        }
    },
    MAKE_FIELD_NULLABLE_OR_NOT(Kind.FIELD_RETYPED) {
        @Override
        Mutated change(Copy t, Random r) {
            if (t.fields.isEmpty()) {
                return null;
            }
            int i = r.nextInt(t.fields.size());
            FieldDescription f = t.fields.get(i);
            t.fields.set(i, new FieldDescription(f.path(), f.type(), !f.nullable()));
            return t.changed(f.path());
        }
    },
    CHANGE_KEY_PATH(Kind.KEY_PATH_CHANGED) {
        @Override
        Mutated change(Copy t, Random r) {
            String before = t.keyPath;
            t.keyPath = t.keyPath.replace("{id}", "{id}/v-2");
            return t.changed(before);
        }
    },
    RETYPE_KEY_FIELD(Kind.KEY_FIELD_CHANGED) {
        @Override
        Mutated change(Copy t, Random r) {
            FieldDescription f = t.keyFields.get(0);
            t.keyFields.set(0, new FieldDescription(f.path(), f.type() + "2", false));
            return t.changed(f.path());
        }
    },
    RAISE_VERSION(Kind.VERSION_RAISED) {
        @Override
        Mutated change(Copy t, Random r) {
            t.version += 1 + r.nextInt(3);
            return t.changed("");
        }
    },
    LOWER_VERSION(Kind.VERSION_LOWERED) {
        @Override
        Mutated change(Copy t, Random r) {
            if (t.version == 1) {
                return null;
            }
            t.version--;
            return t.changed("");
        }
    },
    CHANGE_ROLE(Kind.ROLE_CHANGED) {
        @Override
        Mutated change(Copy t, Random r) {
            String role = RandomDescriptions.oneOf(r, RandomDescriptions.ROLES);
            if (t.roles.containsKey(role) && r.nextBoolean()) {
                t.roles.remove(role);
            } else {
                t.roles.put(role, t.roles.getOrDefault(role, "") + "moved");
            }
            return t.changed(role);
        }
    },
    CHANGE_SHARDS(Kind.SHARDS_CHANGED) {
        @Override
        Mutated change(Copy t, Random r) {
            String role = r.nextBoolean() ? "shards" : "shards.byIndex";
            String before = t.roles.get(role);
            if (before != null && r.nextBoolean()) {
                t.roles.remove(role);
            } else {
                t.roles.put(role, before == null ? "calculated(4, [id])" : before + " from " + before);
            }
            return t.changed(role);
        }
    },
    ADD_INDEX(Kind.INDEX_ADDED) {
        @Override
        Mutated change(Copy t, Random r) {
            t.indexes.add(RandomDescriptions.index(r, "added-index"));
            return t.changed("added-index");
        }
    },
    REMOVE_INDEX(Kind.INDEX_REMOVED) {
        @Override
        Mutated change(Copy t, Random r) {
            return t.indexes.isEmpty() ? null : t.changed(t.indexes.remove(r.nextInt(t.indexes.size())).index());
        }
    },
    CHANGE_INDEX(Kind.INDEX_CHANGED) {
        @Override
        Mutated change(Copy t, Random r) {
            if (t.indexes.isEmpty()) {
                return null;
            }
            int i = r.nextInt(t.indexes.size());
            IndexDescription x = t.indexes.get(i);
            IndexDescription changed = switch (r.nextInt(3)) {
                case 0 -> new IndexDescription(x.index(), x.keyPath() + "/more-{id}", x.local(), x.projection(),
                        x.include());
                case 1 -> new IndexDescription(x.index(), x.keyPath(), !x.local(), x.projection(), x.include());
                default -> x.projection() == IndexProjection.INCLUDE
                        ? new IndexDescription(x.index(), x.keyPath(), x.local(), IndexProjection.INCLUDE,
                                List.of("another"))
                        : new IndexDescription(x.index(), x.keyPath(), x.local(),
                                x.projection() == IndexProjection.ALL ? IndexProjection.KEYS_ONLY : IndexProjection.ALL,
                                List.of());
            };
            t.indexes.set(i, changed);
            return t.changed(x.index());
        }
    },
    ADD_UNIQUE_KEY_PATH(Kind.UNIQUE_KEY_PATH_ADDED) {
        @Override
        Mutated change(Copy t, Random r) {
            t.unique.add("/added-{id}");
            return t.changed("/added-{id}");
        }
    },
    REMOVE_UNIQUE_KEY_PATH(Kind.UNIQUE_KEY_PATH_REMOVED) {
        @Override
        Mutated change(Copy t, Random r) {
            return t.unique.isEmpty() ? null : t.changed(t.unique.remove(r.nextInt(t.unique.size())));
        }
    },
    RENAME_TYPE(Kind.TYPE_RENAMED) {
        @Override
        Mutated change(Copy t, Random r) {
            String before = t.name;
            t.name = before + "Renamed";
            return new Mutated(null, kind, t.name, before);
        }
    },
    ADD_TYPE(Kind.TYPE_ADDED) {
        @Override
        Mutated apply(TableDescription table, Random r) {
            List<TypeDescription> types = new ArrayList<>(table.types());
            types.add(RandomDescriptions.type(r, "Added", "/added-{id}"));
            return new Mutated(new TableDescription(types), kind, "Added", "");
        }

        @Override
        Mutated change(Copy t, Random r) {
            throw new UnsupportedOperationException();
        }
    },
    REMOVE_TYPE(Kind.TYPE_REMOVED) {
        @Override
        Mutated apply(TableDescription table, Random r) {
            List<TypeDescription> types = new ArrayList<>(table.types());
            TypeDescription gone = types.remove(r.nextInt(types.size()));
            return new Mutated(new TableDescription(types), kind, gone.name(), "");
        }

        @Override
        Mutated change(Copy t, Random r) {
            throw new UnsupportedOperationException();
        }
    };

    final Kind kind;

    Mutation(Kind kind) {
        this.kind = kind;
    }

    /** {@code table} with one of its types changed, and the change expected; null when there is nothing to change. */
    Mutated apply(TableDescription table, Random r) {
        List<TypeDescription> types = new ArrayList<>(table.types());
        int i = r.nextInt(types.size());
        Copy copy = new Copy(types.get(i), kind);
        Mutated m = change(copy, r);
        if (m == null) {
            return null;
        }
        types.set(i, copy.build());
        return new Mutated(new TableDescription(types), m.kind(), m.type(), m.subject());
    }

    abstract Mutated change(Copy type, Random r);

    /** A changed description and the change expected in it. */
    record Mutated(TableDescription table, Kind kind, String type, String subject) {
    }

    /** A type description being changed. */
    static final class Copy {
        final Kind kind;
        String name;
        int version;
        String keyPath;
        final List<FieldDescription> keyFields;
        final List<FieldDescription> fields;
        final List<IndexDescription> indexes;
        final List<String> unique;
        final Map<String, String> roles;
        final List<dev.keypath.dynamodb.ChangeDescription> history;

        Copy(TypeDescription t, Kind kind) {
            this.kind = kind;
            this.name = t.name();
            this.version = t.schemaVersion();
            this.keyPath = t.keyPath();
            this.keyFields = new ArrayList<>(t.keyFields());
            this.fields = new ArrayList<>(t.fields());
            this.indexes = new ArrayList<>(t.indexes());
            this.unique = new ArrayList<>(t.uniqueKeyPaths());
            this.roles = new LinkedHashMap<>(t.roles());
            this.history = new ArrayList<>(t.history());
        }

        Mutated changed(String subject) {
            return new Mutated(null, kind, name, subject);
        }

        TypeDescription build() {
            return new TypeDescription(name, version, keyPath, keyFields, fields, indexes, unique, roles, history);
        }
    }
}
