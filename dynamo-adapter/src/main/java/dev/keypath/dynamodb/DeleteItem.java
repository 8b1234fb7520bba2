package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One delete ({@code DeleteItem}, or a delete action of a transaction), addressed either by an item (its key path
 * and, for versioned types, its version, which the stored item must still have) or by a type and a key path. An
 * explicit {@linkplain Builder#expectedVersion(long) expected version} and a {@link Condition} may be added in
 * either form; all checks apply together. With {@link Builder#returnDeleted()} the table hands back the item as
 * it was ({@code ReturnValues=ALL_OLD}). Example:
 * <pre>{@code Optional<Post> gone = table.delete(DeleteItem.builder(Post.class, path).returnDeleted().build())}</pre>
 *
 * <p>Immutable and thread-safe if the item is.
 *
 * @param <T> the registered type of the item
 */
public final class DeleteItem<T> {
    private final Class<T> type;
    private final KeyPath keyPath;
    private final T item;
    private final Long expectedVersion;
    private final Condition condition;
    private final boolean returnDeleted;

    private DeleteItem(Builder<T> b) {
        this.type = b.type;
        this.keyPath = b.keyPath;
        this.item = b.item;
        this.expectedVersion = b.expectedVersion;
        this.condition = b.condition;
        this.returnDeleted = b.returnDeleted;
    }

    /** The delete of the item at {@code keyPath}, no version check, no condition. */
    public static <T> DeleteItem<T> of(Class<T> type, KeyPath keyPath) {
        return builder(type, keyPath).build();
    }

    /** The delete of {@code item}: at its key path, version-checked for versioned types. */
    public static <T> DeleteItem<T> of(T item) {
        return builder(item).build();
    }

    /** A builder of the delete of the item of {@code type} at {@code keyPath}. */
    public static <T> Builder<T> builder(Class<T> type, KeyPath keyPath) {
        return new Builder<>(Objects.requireNonNull(type, "type"), Objects.requireNonNull(keyPath, "keyPath"), null);
    }

    /** A builder of the delete of {@code item}. */
    @SuppressWarnings("unchecked")
    public static <T> Builder<T> builder(T item) {
        Objects.requireNonNull(item, "item");
        return new Builder<>((Class<T>) item.getClass(), null, item);
    }

    /** A builder holding this delete's values. */
    public Builder<T> toBuilder() {
        Builder<T> b = new Builder<>(type, keyPath, item);
        b.expectedVersion = expectedVersion;
        b.condition = condition;
        b.returnDeleted = returnDeleted;
        return b;
    }

    /** The registered type of the item. */
    public Class<T> type() {
        return type;
    }

    /** The key path, when the delete is addressed by key path (empty when addressed by {@link #item()}). */
    public Optional<KeyPath> keyPath() {
        return Optional.ofNullable(keyPath);
    }

    /** The item, when the delete is addressed by item. */
    public Optional<T> item() {
        return Optional.ofNullable(item);
    }

    /** A version the stored item must have, set explicitly (an item's own version applies without it). */
    public OptionalLong expectedVersion() {
        return expectedVersion == null ? OptionalLong.empty() : OptionalLong.of(expectedVersion);
    }

    /** The caller's extra condition, if any. */
    public Optional<Condition> condition() {
        return Optional.ofNullable(condition);
    }

    /** Whether the deleted item is handed back. */
    public boolean returnsDeleted() {
        return returnDeleted;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DeleteItem<?> d && type.equals(d.type) && Objects.equals(keyPath, d.keyPath)
                && Objects.equals(item, d.item) && Objects.equals(expectedVersion, d.expectedVersion)
                && Objects.equals(condition, d.condition) && returnDeleted == d.returnDeleted;
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, keyPath, item, expectedVersion, condition, returnDeleted);
    }

    @Override
    public String toString() {
        return "DeleteItem[" + type.getSimpleName() + " " + (keyPath != null ? keyPath : item)
                + (expectedVersion == null ? "" : ", expectedVersion=" + expectedVersion)
                + (condition == null ? "" : ", condition=" + condition)
                + (returnDeleted ? ", returnDeleted" : "") + "]";
    }

    /**
     * Builder of a {@link DeleteItem}; not thread-safe.
     *
     * @param <T> the item's type
     */
    public static final class Builder<T> {
        private final Class<T> type;
        private final KeyPath keyPath;
        private final T item;
        private Long expectedVersion;
        private Condition condition;
        private boolean returnDeleted;

        private Builder(Class<T> type, KeyPath keyPath, T item) {
            this.type = type;
            this.keyPath = keyPath;
            this.item = item;
        }

        /**
         * The version the stored item must have (versioned types only): {@link VersionConflictException} otherwise.
         * Replaces an item's own version as the expected one.
         */
        public Builder<T> expectedVersion(long version) {
            if (version < 0) {
                throw new IllegalArgumentException("expected version must not be negative: " + version);
            }
            this.expectedVersion = version;
            return this;
        }

        /** An extra condition (null for none); {@link ConditionFailedException} when it does not hold. */
        public Builder<T> condition(Condition condition) {
            this.condition = condition;
            return this;
        }

        /** Hand back the deleted item (not allowed in a transaction, which returns no items). */
        public Builder<T> returnDeleted() {
            this.returnDeleted = true;
            return this;
        }

        /** The immutable delete. */
        public DeleteItem<T> build() {
            return new DeleteItem<>(this);
        }
    }
}
