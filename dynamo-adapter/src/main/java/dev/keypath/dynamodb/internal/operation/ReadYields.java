package dev.keypath.dynamodb.internal.operation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link ReadYield} of each access pattern of one table's queries and scans whose range may hold what they do
 * not return, by the pattern's name (the caller's, or the one derived from the read's shape, never from ids). Past
 * {@value #MAX_PATTERNS} patterns, a further one gets a yield of its own for each read, which learns from that read's
 * pages only. Thread-safe.
 */
final class ReadYields {
    /** The most patterns kept: far above any application's access patterns. */
    static final int MAX_PATTERNS = 10_000;

    private final Map<String, ReadYield> yields = new ConcurrentHashMap<>();

    /** The yield of the access pattern {@code name}. */
    ReadYield of(String name) {
        ReadYield found = yields.get(name);
        if (found != null) {
            return found;
        }
        return yields.size() < MAX_PATTERNS ? yields.computeIfAbsent(name, n -> new ReadYield()) : new ReadYield();
    }
}
