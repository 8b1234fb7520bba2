package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.internal.request.LayoutState;
import java.util.Map;

/**
 * What a table knows of its layout record after one reading ({@link LayoutSync}): how each registered type writes,
 * when the read that told it was sent (monotonic nanoseconds), and the longest refresh interval the record holds.
 * Immutable.
 *
 * @param states        per registered class, its state
 * @param readNanos     {@link System#nanoTime()} when the read was sent
 * @param refreshMillis the refresh interval the record holds, at least this table's
 */
record LayoutSnapshot(Map<Class<?>, LayoutState> states, long readNanos, long refreshMillis) {
    LayoutSnapshot {
        states = Map.copyOf(states);
    }

    /** The state of {@code type}, a registered class. */
    LayoutState of(Class<?> type) {
        return states.get(type);
    }
}
