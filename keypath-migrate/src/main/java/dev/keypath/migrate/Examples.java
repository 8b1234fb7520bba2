package dev.keypath.migrate;

import java.util.ArrayList;
import java.util.List;

/** The first few examples of something, collected from several threads. */
final class Examples<T> {
    static final int LIMIT = 10;

    private final List<T> kept = new ArrayList<>();

    synchronized void offer(T example) {
        if (kept.size() < LIMIT) {
            kept.add(example);
        }
    }

    /** Whether another example would be kept. */
    synchronized boolean wanted() {
        return kept.size() < LIMIT;
    }

    synchronized List<T> list() {
        return List.copyOf(kept);
    }
}
