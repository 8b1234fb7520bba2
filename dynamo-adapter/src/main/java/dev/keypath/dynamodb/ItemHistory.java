package dev.keypath.dynamodb;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How an item type's stored form changed, version by version, oldest first: for each version from 2 up to the
 * type's {@link dev.keypath.dynamodb.annotation.ItemType#version()}, the {@link SchemaChange}s that turn an item of
 * the version before into one of that version. A type returns it from its
 * {@link dev.keypath.dynamodb.annotation.SchemaHistory} method; reads upgrade older items through it, in memory.
 *
 * <pre>{@code
 * ItemHistory.of(h -> h
 *         .version(2, v -> v.renamed("name", "fullName"))
 *         .version(3, v -> v.added("nickname", AttributeValue.fromS("")).removed("legacy")))
 * }</pre>
 *
 * Immutable and thread-safe. What it declares is checked against the type when the type is registered.
 */
public final class ItemHistory {
    /** The changes that make {@code version} out of {@code version - 1}, in the order they apply. */
    public record Step(int version, List<SchemaChange> changes) {
        /** Copies the changes. */
        public Step {
            changes = List.copyOf(changes);
        }

        /** Whether every change of this version can be turned back, so the version before can still be written. */
        public boolean reversible() {
            return changes.stream().allMatch(SchemaChange::reversible);
        }
    }

    private static final ItemHistory NONE = new ItemHistory(List.of(), 1);

    private final List<Step> steps;
    private final int oldestStored;

    private ItemHistory(List<Step> steps, int oldestStored) {
        this.steps = List.copyOf(steps);
        this.oldestStored = oldestStored;
    }

    /** The history of a type that has only version 1. */
    public static ItemHistory none() {
        return NONE;
    }

    /** The history {@code declare} gives its builder, one version at a time, oldest first. */
    public static ItemHistory of(Consumer<Builder> declare) {
        Builder b = new Builder();
        declare.accept(b);
        return new ItemHistory(b.steps, b.oldestStored);
    }

    /** The versions after 1, each with its changes, oldest first (versions are checked at registration). */
    public List<Step> steps() {
        return steps;
    }

    /** The newest version this history reaches: 1 plus its versions. */
    public int latestVersion() {
        return steps.isEmpty() ? 1 : steps.get(steps.size() - 1).version();
    }

    /**
     * The oldest version an item of the type may still be stored at: 1 unless the history declares, once every
     * older item was rewritten ({@link Builder#oldestStoredVersion}), that none is left.
     */
    public int oldestStoredVersion() {
        return oldestStored;
    }

    /** The type names this history renamed the type from, newest first: items stored under them are still read. */
    public List<String> formerTypeNames() {
        List<String> names = new ArrayList<>();
        for (int i = steps.size() - 1; i >= 0; i--) {
            for (SchemaChange c : steps.get(i).changes()) {
                if (c.kind() == SchemaChange.Kind.TYPE_RENAMED) {
                    names.add(c.from().get(0));
                }
            }
        }
        return List.copyOf(names);
    }

    @Override
    public String toString() {
        return "ItemHistory" + steps + (oldestStored == 1 ? "" : ", oldest stored version " + oldestStored);
    }

    /** Declares an {@link ItemHistory}, one version at a time. Not thread-safe. */
    public static final class Builder {
        private final List<Step> steps = new ArrayList<>();
        private int oldestStored = 1;

        private Builder() {
        }

        /** The changes that make {@code version} out of the version before it (2 comes first). */
        public Builder version(int version, Consumer<SchemaChanges> changes) {
            Objects.requireNonNull(changes, "changes");
            SchemaChanges c = new SchemaChanges();
            changes.accept(c);
            steps.add(new Step(version, c.list()));
            return this;
        }

        /**
         * Declares that no item of the type is stored at a version below {@code version} any more: every older item
         * was rewritten (keypath-migrate's schema rewrite reports each one upgraded). Reads still upgrade an older
         * item should one turn up; filters and conditions are then sent as written for the changes of the versions
         * up to {@code version}, instead of being rewritten over them or refused (docs/EVOLVING.md). At most the
         * type's version; checked when the type is registered.
         */
        public Builder oldestStoredVersion(int version) {
            this.oldestStored = version;
            return this;
        }
    }
}
