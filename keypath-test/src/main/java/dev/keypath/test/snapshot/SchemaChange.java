package dev.keypath.test.snapshot;

import java.util.Objects;

/**
 * One difference between a committed schema snapshot and the types the code registers, as
 * {@link SchemaSnapshot#changes} finds it. Immutable.
 *
 * @param kind    what changed
 * @param type    the stored type name it concerns (for a renamed type, the new name)
 * @param subject what in the type changed: a field path, an index name, a role, a key path; the old type name
 *                for {@link Kind#TYPE_RENAMED}; empty for a change of the whole type
 * @param before  the snapshot's value, or null when it had none
 * @param after   the code's value, or null when it has none
 */
public record SchemaChange(Kind kind, String type, String subject, String before, String after) {
    /** What kind of difference a change is, and so what explains it. */
    public enum Kind {
        /** A type the snapshot lacks: regenerate the snapshot to record it. */
        TYPE_ADDED(Category.SNAPSHOT),
        /** A type the code no longer registers: its stored items would read as unreadable. */
        TYPE_REMOVED(Category.SNAPSHOT),
        /** A type stored under a new name with the same key path: a schema change. */
        TYPE_RENAMED(Category.SCHEMA),
        /** The type's schema version went up: the declaration of a schema change. */
        VERSION_RAISED(Category.SCHEMA),
        /** The type's schema version went down: never explained. */
        VERSION_LOWERED(Category.SNAPSHOT),
        /** The key-path template changed: a key migration, not a schema change. */
        KEY_PATH_CHANGED(Category.KEY_MIGRATION),
        /** A key field was added, removed or retyped: its items' keys change, a key migration. */
        KEY_FIELD_CHANGED(Category.KEY_MIGRATION),
        /**
         * How the type's partitions, or a global index's ({@code shards.<index>}), are spread over shards changed:
         * stored items stay in their shards, so it is a key migration (a re-shard), not a schema change.
         */
        SHARDS_CHANGED(Category.KEY_MIGRATION),
        /** A stored field was added: a schema change. */
        FIELD_ADDED(Category.SCHEMA),
        /** A stored field was removed: a schema change. */
        FIELD_REMOVED(Category.SCHEMA),
        /** A stored field holds another kind of value, or its nullability changed: a schema change. */
        FIELD_RETYPED(Category.SCHEMA),
        /**
         * A version, time-to-live, timestamp or auto-id role moved, appeared or went: the table writes these fields
         * itself and no declared change can name them, so regenerate the snapshot to record it.
         */
        ROLE_CHANGED(Category.SNAPSHOT),
        /** A secondary key path was added: regenerate the snapshot to record it. */
        INDEX_ADDED(Category.SNAPSHOT),
        /** A secondary key path was removed. */
        INDEX_REMOVED(Category.SNAPSHOT),
        /** A secondary key path's template, projection or scope changed. */
        INDEX_CHANGED(Category.SNAPSHOT),
        /** A unique key path was added. */
        UNIQUE_KEY_PATH_ADDED(Category.SNAPSHOT),
        /** A unique key path was removed. */
        UNIQUE_KEY_PATH_REMOVED(Category.SNAPSHOT);

        private final Category category;

        Kind(Category category) {
            this.category = category;
        }

        /** What explains a change of this kind. */
        public Category category() {
            return category;
        }
    }

    /** What can explain a change. */
    public enum Category {
        /**
         * A schema change: explained when the type's history declares, for a version above the snapshot's, a change
         * that makes it.
         */
        SCHEMA,
        /** A change of how items are keyed: refused; items move with keypath-migrate (docs/MIGRATING.md). */
        KEY_MIGRATION,
        /** Explained by nothing but a regenerated snapshot. */
        SNAPSHOT
    }

    /** Checks the kind and type are given. */
    public SchemaChange {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(subject, "subject");
    }

    /** The change in a sentence, e.g. {@code type Post: field title retyped from string? to number}. */
    public String describe() {
        String t = "type " + type + ": ";
        return switch (kind) {
            case TYPE_ADDED -> "type " + type + " added (key path " + after + ")";
            case TYPE_REMOVED -> "type " + type + " removed (key path " + before + "): items stored under it would "
                    + "read as unreadable";
            case TYPE_RENAMED -> "type " + subject + " renamed to " + type + " (key path " + after + ")";
            case VERSION_RAISED -> t + "schema version raised from " + before + " to " + after;
            case VERSION_LOWERED -> t + "schema version lowered from " + before + " to " + after;
            case KEY_PATH_CHANGED -> t + "key path changed from " + before + " to " + after + ". A key path "
                    + "change is a key migration, not a schema change: stored items keep their old keys; move "
                    + "them with keypath-migrate (docs/MIGRATING.md), then regenerate the snapshot";
            case KEY_FIELD_CHANGED -> t + "key field " + subject + " " + changed("key field") + ". A key field "
                    + "change is a key migration, not a schema change: move the items with keypath-migrate "
                    + "(docs/MIGRATING.md), then regenerate the snapshot";
            case SHARDS_CHANGED -> t + "sharding " + subject + " " + changed("sharding") + ". Stored items stay "
                    + "in the shards they were written to: a change of shards is a key migration, not a schema "
                    + "change; declare the former count (@Sharded(formerCount)), move the items with keypath "
                    + "migrate reshard (docs/HOT-PARTITIONS.md), then regenerate the snapshot";
            case FIELD_ADDED -> t + "field " + subject + " added (" + after + ")";
            case FIELD_REMOVED -> t + "field " + subject + " removed (was " + before + ")";
            case FIELD_RETYPED -> t + "field " + subject + " retyped from " + before + " to " + after;
            case ROLE_CHANGED -> t + "role " + subject + " " + changed("role");
            case INDEX_ADDED -> t + "index " + subject + " added (" + after + ")";
            case INDEX_REMOVED -> t + "index " + subject + " removed (was " + before + ")";
            case INDEX_CHANGED -> t + "index " + subject + " changed from " + before + " to " + after;
            case UNIQUE_KEY_PATH_ADDED -> t + "unique key path " + subject + " added";
            case UNIQUE_KEY_PATH_REMOVED -> t + "unique key path " + subject + " removed";
        };
    }

    private String changed(String what) {
        if (before == null) {
            return "added (" + after + ")";
        }
        return after == null ? "removed (was " + before + ")" : "changed from " + before + " to " + after;
    }
}
