package dev.keypath.migrate;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * What a {@link Reshard#run()} did, over every run of the same checkpoint where it says so. Immutable.
 *
 * @param typeName    the stored type name of the type re-sharded
 * @param formerCount the shard count its items were moved from
 * @param count       the shard count they were moved to
 * @param scanned     items read in finished pages (every type)
 * @param moved       items of the type the runs moved into the new layout
 * @param movedNow    of those, the ones this run moved
 * @param leftAlone   items of other types, and items of the type already in the new layout
 * @param leftovers   former copies of items the new layout already held, removed
 * @param conflicts   moves that found the item changed or moved by a writer, then read again (this run only)
 * @param readUnits   read capacity the scans consumed
 * @param writeUnits  write capacity the moves consumed
 * @param elapsed     this run's time
 * @param resumed     whether this run continued an earlier one's checkpoint
 * @param switchAt    the instant from which the tables write the new layout, as the table's layout record holds it
 */
public record ReshardRun(String typeName, int formerCount, int count, long scanned, long moved, long movedNow,
                         long leftAlone, long leftovers, long conflicts, double readUnits, double writeUnits,
                         Duration elapsed, boolean resumed, Instant switchAt) {
    /** The report, one fact a line. */
    public String describe() {
        return String.format(Locale.ROOT, "re-shard of %s from %s to %d shards%s%n"
                        + "  switched     %s (the new layout written from then on)%n"
                        + "  scanned      %d%n  moved        %d (%d by this run)%n  left alone   %d%n"
                        + "  leftovers    %d (former copies of items the new layout held, removed)%n"
                        + "  conflicts    %d (read again)%n"
                        + "  capacity     %.1f RCU, %.1f WCU in %.1f s%n"
                        + "  finished     recorded in the table: declare the new layout alone (remove formerCount)%n",
                typeName, formerCount == 1 ? "unsharded" : String.valueOf(formerCount), count,
                resumed ? " (resumed)" : "", switchAt, scanned, moved, movedNow, leftAlone, leftovers, conflicts,
                readUnits, writeUnits, elapsed.toMillis() / 1000.0);
    }
}
