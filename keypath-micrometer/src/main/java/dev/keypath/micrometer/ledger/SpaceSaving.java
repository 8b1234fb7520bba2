package dev.keypath.micrometer.ledger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The weighted Space-Saving summary (Metwally, Agrawal and El Abbadi, 2005) of a stream of keys: at most
 * {@code capacity} counters, whatever the number of distinct keys. A key not yet counted takes over the smallest
 * counter when all are in use, inheriting its count as its error.
 *
 * <p>With {@code N} the total weight added: a counted key's count is at least its true weight and at most its true
 * weight plus its error; every error, and the smallest count, are at most {@code N / capacity}; a key whose true
 * weight exceeds the smallest count is counted.
 *
 * <p>The counters form a min-heap by count, so that an update costs {@code O(log capacity)}. Not thread-safe: its
 * owner locks it.
 *
 * @param <K> the key type
 */
final class SpaceSaving<K> {
    private final int capacity;
    private final Map<K, Counter<K>> counters;
    private final Counter<K>[] heap;
    private int size;
    private double total;

    @SuppressWarnings("unchecked")
    SpaceSaving(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a summary needs at least one counter, not " + capacity);
        }
        this.capacity = capacity;
        this.counters = new HashMap<>(capacity * 2);
        this.heap = (Counter<K>[]) new Counter<?>[capacity];
    }

    /** Adds {@code weight} (positive) to {@code key}. */
    void add(K key, double weight) {
        total += weight;
        Counter<K> counter = counters.get(key);
        if (counter != null) {
            counter.count += weight;
            siftDown(counter.position);
            return;
        }
        if (size < capacity) {
            counter = new Counter<>(key, weight, 0, size);
            heap[size++] = counter;
            counters.put(key, counter);
            siftUp(counter.position);
            return;
        }
        counter = heap[0];
        counters.remove(counter.key);
        counter.key = key;
        counter.error = counter.count;
        counter.count += weight;
        counters.put(key, counter);
        siftDown(0);
    }

    /** Forgets every key. */
    void clear() {
        counters.clear();
        for (int i = 0; i < size; i++) {
            heap[i] = null;
        }
        size = 0;
        total = 0;
    }

    /** Whether every counter is in use, so that an uncounted key may have weight up to {@link #floor()}. */
    boolean full() {
        return size == capacity;
    }

    /** The most weight an uncounted key may have had: the smallest count when full, else 0. */
    double floor() {
        return full() ? heap[0].count : 0;
    }

    /** The total weight added since the last {@link #clear()}. */
    double total() {
        return total;
    }

    /** The keys counted, at most {@code capacity}. */
    int size() {
        return size;
    }

    /** The counter of {@code key}, or null when it is not counted. */
    Estimate<K> estimate(K key) {
        Counter<K> counter = counters.get(key);
        return counter == null ? null : new Estimate<>(key, counter.count, counter.error);
    }

    /** Every counted key with its count and error, in no order. */
    List<Estimate<K>> estimates() {
        List<Estimate<K>> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(new Estimate<>(heap[i].key, heap[i].count, heap[i].error));
        }
        return out;
    }

    private void siftUp(int i) {
        Counter<K> moving = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (heap[parent].count <= moving.count) {
                break;
            }
            place(heap[parent], i);
            i = parent;
        }
        place(moving, i);
    }

    private void siftDown(int i) {
        Counter<K> moving = heap[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && heap[child + 1].count < heap[child].count) {
                child++;
            }
            if (heap[child].count >= moving.count) {
                break;
            }
            place(heap[child], i);
            i = child;
        }
        place(moving, i);
    }

    private void place(Counter<K> counter, int i) {
        heap[i] = counter;
        counter.position = i;
    }

    /**
     * A key's counted weight: at least its true weight, and at most {@code error} more.
     *
     * @param key   the key
     * @param count its counted weight
     * @param error how much of {@code count} may belong to other keys
     * @param <K>   the key type
     */
    record Estimate<K>(K key, double count, double error) {
    }

    private static final class Counter<K> {
        private K key;
        private double count;
        private double error;
        private int position;

        private Counter(K key, double count, double error, int position) {
            this.key = key;
            this.count = count;
            this.error = error;
            this.position = position;
        }
    }
}
