package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One update of an item ({@code UpdateItem}, or an update action of a transaction): which item, the changes
 * with their condition and expected version ({@link UpdateSpec}), whether a missing item is created
 * ({@link Mode}, {@link Mode#UPDATE_EXISTING} unless set), and what the table hands back ({@link Returning},
 * {@link Returning#NEW} unless set). Example:
 * <pre>{@code Post before = table.update(UpdateItem.builder(Post.class, path, spec).returning(Returning.OLD).build())}</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the registered type of the item
 */
public final class UpdateItem<T> {
    /**
     * What the table hands back. {@code NEW} and {@code OLD} give the whole item as its type
     * ({@code KeyPathTable#update(UpdateItem)}); {@code UPDATED_NEW} and {@code UPDATED_OLD} give only the
     * attributes the update wrote, as Java values ({@link UpdateResult#attributes()}), through
     * {@code KeyPathTable#updateWithResult(UpdateItem)}.
     */
    public enum Returning {
        /** The item after the update ({@code ReturnValues=ALL_NEW}). */
        NEW,
        /** The item before the update, none if an upsert created it ({@code ReturnValues=ALL_OLD}). */
        OLD,
        /** The written attributes after the update ({@code ReturnValues=UPDATED_NEW}). */
        UPDATED_NEW,
        /** The written attributes as they were before the update ({@code ReturnValues=UPDATED_OLD}). */
        UPDATED_OLD,
        /** Nothing ({@code ReturnValues=NONE}): the cheapest response. */
        NONE
    }

    /** Whether the update may create the item. */
    public enum Mode {
        /**
         * Only an existing item of the type is changed; when none exists the update fails with
         * {@link ConditionFailedException} and writes nothing.
         */
        UPDATE_EXISTING,
        /**
         * An existing item of the type is changed, or a new one is created from the key path, with its type
         * attribute, key and key-only secondary keys written as a put writes them, and the changes applied to
         * it (a versioned type starts at version 1). Fails with {@link ConditionFailedException} if an item of
         * another type holds the key path.
         */
        UPSERT
    }

    private final Class<T> type;
    private final KeyPath keyPath;
    private final UpdateSpec spec;
    private final Returning returning;
    private final Mode mode;

    private UpdateItem(Builder<T> b) {
        this.type = b.type;
        this.keyPath = b.keyPath;
        this.spec = b.spec;
        this.returning = b.returning;
        this.mode = b.mode;
    }

    /** The update of the item of {@code type} at {@code keyPath} by {@code spec}, returning the new item. */
    public static <T> UpdateItem<T> of(Class<T> type, KeyPath keyPath, UpdateSpec spec) {
        return builder(type, keyPath, spec).build();
    }

    /** {@link #of(Class, KeyPath, UpdateSpec)} with the changes built by {@code spec}. */
    public static <T> UpdateItem<T> of(Class<T> type, KeyPath keyPath, Consumer<UpdateSpec.Builder> spec) {
        return of(type, keyPath, UpdateSpec.of(spec));
    }

    /** The {@link Mode#UPSERT upsert} of the item of {@code type} at {@code keyPath} by {@code spec}, returning the new item. */
    public static <T> UpdateItem<T> upsert(Class<T> type, KeyPath keyPath, UpdateSpec spec) {
        return builder(type, keyPath, spec).mode(Mode.UPSERT).build();
    }

    /** A builder of the update of the item of {@code type} at {@code keyPath} by {@code spec}. */
    public static <T> Builder<T> builder(Class<T> type, KeyPath keyPath, UpdateSpec spec) {
        return new Builder<>(type, keyPath, spec);
    }

    /** A builder holding this update's values. */
    public Builder<T> toBuilder() {
        return new Builder<>(type, keyPath, spec).returning(returning).mode(mode);
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

    /** Whether a missing item is created. */
    public Mode mode() {
        return mode;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UpdateItem<?> u && type.equals(u.type) && keyPath.equals(u.keyPath)
                && spec.equals(u.spec) && returning == u.returning && mode == u.mode;
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, keyPath, spec, returning, mode);
    }

    @Override
    public String toString() {
        return "UpdateItem[" + type.getSimpleName() + " " + keyPath + ", " + spec + ", returning=" + returning
                + ", mode=" + mode + "]";
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
        private Mode mode = Mode.UPDATE_EXISTING;

        private Builder(Class<T> type, KeyPath keyPath, UpdateSpec spec) {
            this.type = Objects.requireNonNull(type, "type");
            this.keyPath = Objects.requireNonNull(keyPath, "keyPath");
            this.spec = Objects.requireNonNull(spec, "spec");
        }

        /**
         * What the table hands back; a transaction returns nothing, so there only {@link Returning#NEW} (the
         * default) and {@link Returning#NONE} are accepted.
         */
        public Builder<T> returning(Returning returning) {
            this.returning = Objects.requireNonNull(returning, "returning");
            return this;
        }

        /** Whether a missing item is created ({@link Mode#UPSERT}) or the update fails (the default). */
        public Builder<T> mode(Mode mode) {
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** The immutable update. */
        public UpdateItem<T> build() {
            return new UpdateItem<>(this);
        }
    }
}
