package dev.keypath.dynamodb;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One put ({@code PutItem}, or a put action of a transaction): the item, what it may overwrite
 * ({@link PutMode}) and an extra {@link Condition}; both apply together, on top of the version check of versioned
 * types. Example:
 * <pre>{@code table.put(PutItem.builder(post).mode(PutMode.CREATE_ONLY).condition(notBanned).build())}</pre>
 *
 * <p>Immutable and thread-safe if the item is.
 *
 * @param <T> the item's registered type
 */
public final class PutItem<T> {
    private final T item;
    private final PutMode mode;
    private final Condition condition;

    private PutItem(Builder<T> b) {
        this.item = Objects.requireNonNull(b.item, "item");
        this.mode = Objects.requireNonNull(b.mode, "mode");
        this.condition = b.condition;
    }

    /** A put of {@code item} that replaces whatever is stored ({@link PutMode#REPLACE}, no condition). */
    public static <T> PutItem<T> of(T item) {
        return builder(item).build();
    }

    /** A put of {@code item} with the options {@code options} sets. */
    public static <T> PutItem<T> of(T item, Consumer<Builder<T>> options) {
        Builder<T> b = builder(item);
        options.accept(b);
        return b.build();
    }

    /** A builder of a put of {@code item}. */
    public static <T> Builder<T> builder(T item) {
        return new Builder<>(item);
    }

    /** A builder holding this put's values. */
    public Builder<T> toBuilder() {
        return new Builder<>(item).mode(mode).condition(condition);
    }

    /** The item to write. */
    public T item() {
        return item;
    }

    /** What the put may overwrite. */
    public PutMode mode() {
        return mode;
    }

    /** The caller's extra condition, if any. */
    public Optional<Condition> condition() {
        return Optional.ofNullable(condition);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PutItem<?> p && item.equals(p.item) && mode == p.mode
                && Objects.equals(condition, p.condition);
    }

    @Override
    public int hashCode() {
        return Objects.hash(item, mode, condition);
    }

    @Override
    public String toString() {
        return "PutItem[" + item + ", mode=" + mode + (condition == null ? "" : ", condition=" + condition) + "]";
    }

    /**
     * Builder of a {@link PutItem}; not thread-safe.
     *
     * @param <T> the item's type
     */
    public static final class Builder<T> {
        private T item;
        private PutMode mode = PutMode.REPLACE;
        private Condition condition;

        private Builder(T item) {
            this.item = Objects.requireNonNull(item, "item");
        }

        /** Another item to write with the same options. */
        public Builder<T> item(T item) {
            this.item = Objects.requireNonNull(item, "item");
            return this;
        }

        /** What the put may overwrite; {@link PutMode#REPLACE} unless set. */
        public Builder<T> mode(PutMode mode) {
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** An extra condition (null for none), combined with the mode's and the version's with AND. */
        public Builder<T> condition(Condition condition) {
            this.condition = condition;
            return this;
        }

        /** The immutable put. */
        public PutItem<T> build() {
            return new PutItem<>(this);
        }
    }
}
