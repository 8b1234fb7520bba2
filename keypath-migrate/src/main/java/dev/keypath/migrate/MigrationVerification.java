package dev.keypath.migrate;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * A comparison of the two tables: the target's items are counted and kept as checksums by key, then every source
 * item the mapping moves is looked up there by its key path and its checksum compared with that of what the
 * mapping makes of it. Clean when nothing is missing or different and the target holds no other items.
 * Immutable.
 *
 * @param scanned   source items read
 * @param mapped    source items the mapping moves
 * @param target    items in the target table
 * @param missing   mapped items absent from the target
 * @param different mapped items whose target content differs
 * @param examples  some missing or different items, each {@code key -> key path: what}
 * @param readUnits read capacity consumed (both scans)
 * @param elapsed   how long the verification took
 */
public record MigrationVerification(long scanned, long mapped, long target, long missing, long different,
                                    List<String> examples, double readUnits, Duration elapsed) {
    /** Copies the list. */
    public MigrationVerification {
        examples = List.copyOf(examples);
    }

    /** Target items that no mapped source item accounts for (items written only to the new table, say). */
    public long extra() {
        return Math.max(0, target - (mapped - missing));
    }

    /** Whether the target holds exactly the mapped items, each with the expected content. */
    public boolean clean() {
        return missing == 0 && different == 0 && extra() == 0;
    }

    /** The verification as text, one fact a line. */
    public String describe() {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "%s: %d source items scanned, %d mapped; target has %d items%n"
                        + "missing %d, different %d, extra %d (%.1f RCU, %.1f s)%n",
                clean() ? "clean" : "NOT clean", scanned, mapped, target, missing, different, extra(), readUnits,
                elapsed.toMillis() / 1000.0));
        examples.forEach(x -> s.append("  ").append(x).append(System.lineSeparator()));
        return s.toString();
    }
}
