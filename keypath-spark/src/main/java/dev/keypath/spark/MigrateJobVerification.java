package dev.keypath.spark;

import java.util.List;

/**
 * What a {@link MigrateJob#verify()} found, reading source and target independently: each source item that moves
 * (by the mapping's reading of it as it is now, not the run's conversion) against the target item of its key path.
 * Immutable.
 *
 * @param expected   source items that move to a key path of their own
 * @param matching   target items equal to what their source item makes (checksums of every attribute and the marker)
 * @param missing    expected items the target lacks
 * @param differing  target items that differ from their source item (changed since the run, or written by another)
 * @param collisions source items sharing a key path with another: not expected in the target
 * @param others     target items no source item moves to (the target's own, or another source's)
 * @param examples   up to twenty key paths missing or differing, {@code key path: what}
 */
public record MigrateJobVerification(long expected, long matching, long missing, long differing, long collisions,
                                     long others, List<String> examples) {
    /** Copies the list. */
    public MigrateJobVerification {
        examples = List.copyOf(examples);
    }

    /** Whether every expected item is in the target as its source item makes it. */
    public boolean clean() {
        return missing == 0 && differing == 0 && matching == expected;
    }

    /** One line for a log. */
    public String describe() {
        return "expected " + expected + ", matching " + matching + ", missing " + missing + ", differing " + differing
                + ", collisions " + collisions + ", others in the target " + others;
    }
}
