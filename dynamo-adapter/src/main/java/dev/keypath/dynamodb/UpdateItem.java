package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One update of an existing item ({@code UpdateItem}, or an update action of a transaction): which item, the
 * changes with their condition and expected version ({@link UpdateSpec}), and which form of the item the table
 * hands back ({@link Returning#NEW} unless set). Example:
 * <pre>{@code Post before = table.update(UpdateItem.builder(Post.class, path, spec).returning(Returning.OLD).build())}</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the registered type of the item
 */
public final class UpdateItem<T> {
    /** Which form of the updated item the table hands back. */
    public enum Returning {
        /** The item after the update ({@code ReturnValues=ALL_NEW}). */
        NEW,
        /** The item before the update ({@code ReturnValues=ALL_OLD}). */
        OLD
    }

    private final Class<T> type;
    private final KeyPath keyPath;
    private final UpdateSpec spec;
    private final Returning returning;

    private UpdateItem(Builder<T> b) {
        this.type = b.type;
        this.keyPath = b.keyPath;
        this.spec = b.spec;
        this.returning = b.returning;
    }

    /** The update of the item of {@code type} at {@code keyPath} by {@code spec}, returning the new item. */
    public static <T> UpdateItem<T> of(Class<T> type, KeyPath keyPath, UpdateSpec spec) {
        return builder(type, keyPath, spec).build();
    }

    /** {@link #of(Class, KeyPath, UpdateSpec)} with the changes built by {@code spec}. */
    public static <T> UpdateItem<T> of(Class<T> type, KeyPath keyPath, Consumer<UpdateSpec.Builder> spec) {
        return of(type, keyPath, UpdateSpec.of(spec));
    }

    /** A builder of the update of the item of {@code type} at {@code keyPath} by {@code spec}. */
    public static <T> Builder<T> builder(Class<T> type, KeyPath keyPath, UpdateSpec spec) {
        return new Builder<>(type, keyPath, spec);
    }

    /** A builder holding this update's values. */
    public Builder<T> toBuilder() {
        return new Builder<>(type, keyPath, spec).returning(returning);
    }

    /** The registered type of the item. */
    public Class<T> type() {
        return type;
    }

    /** The item's key path. */
    public KeyPath keyPath() {
        return keyPath;
    }

    /** The changes, their condition and expected version. */
    public UpdateSpec spec() {
        return spec;
    }

    /** Which form of the item is handed back. */
    public Returning returning() {
        return returning;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UpdateItem<?> u && type.equals(u.type) && keyPath.equals(u.keyPath)
                && spec.equals(u.spec) && returning == u.returning;
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, keyPath, spec, returning);
    }

    @Override
    public String toString() {
        return "UpdateItem[" + type.getSimpleName() + " " + keyPath + ", " + spec + ", returning=" + returning + "]";
    }

    /**
     * Builder of an {@link UpdateItem}; not thread-safe.
     *
     * @param <T> the item's type
     */
    public static final class Builder<T> {
        private final Class<T> type;
        private final KeyPath keyPath;
        private final UpdateSpec spec;
        private Returning returning = Returning.NEW;

        private Builder(Class<T> type, KeyPath keyPath, UpdateSpec spec) {
            this.type = Objects.requireNonNull(type, "type");
            this.keyPath = Objects.requireNonNull(keyPath, "keyPath");
            this.spec = Objects.requireNonNull(spec, "spec");
        }

        /** Which form of the item the table hands back (not used in a transaction, which returns no items). */
        public Builder<T> returning(Returning returning) {
            this.returning = Objects.requireNonNull(returning, "returning");
            return this;
        }

        /** The immutable update. */
        public UpdateItem<T> build() {
            return new UpdateItem<>(this);
        }
    }
}
