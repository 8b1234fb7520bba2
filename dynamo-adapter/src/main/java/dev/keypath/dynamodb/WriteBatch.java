package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Puts and deletes for {@link KeyPathTable#batchWrite(WriteBatch)}: unconditional writes, not atomic as a
 * whole. Types with a version field cannot be batch-written (a batch cannot check versions); use
 * {@link KeyPathTable#transact} for them.
 *
 * <p>Immutable and thread-safe; build with {@link #builder()}.
 */
public final class WriteBatch {
    private final List<Object> puts;
    private final List<ItemKey<?>> deletes;

    private WriteBatch(Builder b) {
        this.puts = List.copyOf(b.puts);
        this.deletes = List.copyOf(b.deletes);
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** Items to put. */
    public List<Object> puts() {
        return puts;
    }

    /** Items to delete. */
    public List<ItemKey<?>> deletes() {
        return deletes;
    }

    /** A builder with this batch's contents. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.puts.addAll(puts);
        b.deletes.addAll(deletes);
        return b;
    }

    /** Builder of {@link WriteBatch}; not thread-safe. */
    public static final class Builder {
        private final List<Object> puts = new ArrayList<>();
        private final List<ItemKey<?>> deletes = new ArrayList<>();

        private Builder() {
        }

        /** Adds an item to put (replacing any stored one). */
        public Builder put(Object item) {
            puts.add(Objects.requireNonNull(item, "item"));
            return this;
        }

        /** Adds all items to put. */
        public Builder putAll(Iterable<?> items) {
            items.forEach(this::put);
            return this;
        }

        /** Adds an item to delete. */
        public Builder delete(Class<?> type, KeyPath keyPath) {
            deletes.add(new ItemKey<>(type, keyPath));
            return this;
        }

        /** Builds the immutable batch. */
        public WriteBatch build() {
            return new WriteBatch(this);
        }
    }
}
