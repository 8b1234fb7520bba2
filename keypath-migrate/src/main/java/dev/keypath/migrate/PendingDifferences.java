package dev.keypath.migrate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * The source items a verification found unlike the target item at their key path, the first {@value #KEPT} of
 * them by key digest, kept to name what differs once the source is read whole: until then another source item of
 * the same key path (a collision) may turn out to be the one the target item was written from, which makes this
 * one the collision, not a difference. Thread-safe.
 */
final class PendingDifferences {
    static final int KEPT = 4 * Examples.LIMIT;

    private final Map<Long, SourceReading.Expected> kept = new LinkedHashMap<>();

    /** Keeps {@code item}, unlike the target item at {@code key}, while fewer than {@value #KEPT} are kept. */
    synchronized void offer(long key, SourceReading.Expected item) {
        if (kept.size() < KEPT) {
            kept.putIfAbsent(key, item);
        }
    }

    /** The item kept for {@code key}, no longer kept; null if none is. */
    synchronized SourceReading.Expected remove(long key) {
        return kept.remove(key);
    }

    /** The items kept whose key {@code stillDifferent} accepts, in the order they came. */
    synchronized List<SourceReading.Expected> remaining(LongPredicate stillDifferent) {
        List<SourceReading.Expected> out = new ArrayList<>();
        kept.forEach((key, item) -> {
            if (stillDifferent.test(key)) {
                out.add(item);
            }
        });
        return out;
    }
}
