package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The items of one transactional read ({@code transactGet}): for each key asked for, in order, the item of its
 * type as stored at one moment, or nothing when no item (or only an expired one) was there. Look an item up by the
 * key it was asked with, typed:
 *
 * <pre>{@code
 * ItemKey<User> userKey = ItemKey.of(User.class, userPath);
 * ItemKey<Post> postKey = ItemKey.of(Post.class, postPath);
 * ItemSnapshot snapshot = table.transactGet(List.of(userKey, postKey));
 * Optional<User> user = snapshot.get(userKey);
 * Optional<Post> post = snapshot.get(Post.class, postPath);
 * }</pre>
 *
 * Immutable and thread-safe.
 */
public final class ItemSnapshot {
    private final List<ItemKey<?>> keys;
    /** Per key, the item or null. */
    private final List<Object> items;
    private final Map<KeyPath, Integer> positions;
    private final OperationCapacity capacity;

    /**
     * The snapshot of {@code items} read for {@code keys}: one item or null per key, in the same order, each of its
     * key's type.
     */
    public ItemSnapshot(List<? extends ItemKey<?>> keys, List<?> items) {
        if (keys.size() != items.size()) {
            throw new IllegalArgumentException(keys.size() + " keys but " + items.size() + " items");
        }
        this.keys = List.copyOf(keys);
        this.items = Collections.unmodifiableList(new ArrayList<>(items));
        this.positions = new HashMap<>();
        this.capacity = OperationCapacity.NONE;
        for (int i = 0; i < this.keys.size(); i++) {
            ItemKey<?> k = this.keys.get(i);
            Object item = items.get(i);
            if (item != null && !k.type().isInstance(item)) {
                throw new IllegalArgumentException("item " + i + " is a " + item.getClass().getName() + ", not a "
                        + k.type().getName());
            }
            if (positions.put(k.keyPath(), i) != null) {
                throw new IllegalArgumentException("key path " + k.keyPath() + " appears twice");
            }
        }
    }

    private ItemSnapshot(ItemSnapshot snapshot, OperationCapacity capacity) {
        this.keys = snapshot.keys;
        this.items = snapshot.items;
        this.positions = snapshot.positions;
        this.capacity = Objects.requireNonNull(capacity, "capacity");
    }

    /** This snapshot with {@code capacity} as the capacity its read consumed. */
    public ItemSnapshot withCapacity(OperationCapacity capacity) {
        return new ItemSnapshot(this, capacity);
    }

    /**
     * The capacity the read consumed; {@link OperationCapacity#NONE} for a snapshot built by hand. Left out of
     * {@link #equals}.
     */
    public OperationCapacity capacity() {
        return capacity;
    }

    /**
     * The item read for {@code key}; empty when none was stored (or it had expired). An
     * {@link IllegalArgumentException} when the read did not ask for {@code key}.
     */
    public <T> Optional<T> get(ItemKey<T> key) {
        return get(key.type(), key.keyPath());
    }

    /** {@link #get(ItemKey)} of the key made of {@code type} and {@code keyPath}. */
    public <T> Optional<T> get(Class<T> type, KeyPath keyPath) {
        Integer at = positions.get(Objects.requireNonNull(keyPath, "keyPath"));
        if (at == null || keys.get(at).type() != type) {
            throw new IllegalArgumentException("this read did not ask for " + type.getSimpleName() + " " + keyPath
                    + "; it asked for " + keys);
        }
        return Optional.ofNullable(type.cast(items.get(at)));
    }

    /** The keys read, in the order asked. */
    public List<ItemKey<?>> keys() {
        return keys;
    }

    /** The items found, in the order of their keys; absent and expired items left out. */
    public List<Object> found() {
        List<Object> found = new ArrayList<>(items.size());
        for (Object item : items) {
            if (item != null) {
                found.add(item);
            }
        }
        return Collections.unmodifiableList(found);
    }

    /** How many keys were read. */
    public int size() {
        return keys.size();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ItemSnapshot s && keys.equals(s.keys) && items.equals(s.items);
    }

    @Override
    public int hashCode() {
        return Objects.hash(keys, items);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("ItemSnapshot[");
        for (int i = 0; i < keys.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(keys.get(i).keyPath()).append('=').append(items.get(i));
        }
        return b.append(']').toString();
    }
}
