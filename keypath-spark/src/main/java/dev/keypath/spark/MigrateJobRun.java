package dev.keypath.spark;

import java.util.List;

/**
 * What a {@link MigrateJob#run()} did. Immutable.
 *
 * @param scanned        source items read
 * @param written        items put into the target by this run
 * @param alreadyDone    items the target already held as this run would write them (an earlier run's), not written
 * @param unmatched      source items no entity's patterns match: they stay behind
 * @param cannotMove     source items an entity matches that cannot move (a reserved attribute name, an invalid key)
 * @param collisions     source items whose key path another source item, or a target item from elsewhere, also
 *                       has: none of them is written
 * @param examples       up to twenty items that stay behind, {@code source key: reason}
 * @param writeUnits     the write capacity the run consumed
 */
public record MigrateJobRun(long scanned, long written, long alreadyDone, long unmatched, long cannotMove,
                            long collisions, List<String> examples, double writeUnits) {
    /** Copies the list. */
    public MigrateJobRun {
        examples = List.copyOf(examples);
    }

    /** Whether every source item that moves is in the target: none collided and none was refused. */
    public boolean complete() {
        return collisions == 0;
    }

    /** One line for a log. */
    public String describe() {
        return "scanned " + scanned + ", written " + written + ", already done " + alreadyDone + ", unmatched "
                + unmatched + ", cannot move " + cannotMove + ", collisions " + collisions + ", " + writeUnits
                + " write units";
    }
}
