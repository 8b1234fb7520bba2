package dev.keypath.spark;

import java.util.List;

/**
 * What a write of a Dataset did, over its tasks' successful attempts. Immutable.
 *
 * @param written    rows written (each put once by the attempt that counted)
 * @param refused    rows refused, each with its reason
 * @param examples   up to ten refused rows, {@code key path: reason}
 * @param writeUnits the write capacity the counted attempts consumed
 */
public record WriteReport(long written, long refused, List<String> examples, double writeUnits) {
    /** Copies the list. */
    public WriteReport {
        examples = List.copyOf(examples);
    }
}
