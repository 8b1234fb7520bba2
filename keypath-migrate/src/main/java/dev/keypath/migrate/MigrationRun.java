package dev.keypath.migrate;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of a run: the counts over the whole migration (earlier, resumed runs included, from the
 * checkpoint), and for this process the capacity it consumed, per second too, and where its segments' threads
 * spent their time. Immutable.
 *
 * @param scanned            source items read, over all runs
 * @param written            items put into the target, over all runs (an item re-put after a resume counts once)
 * @param unmatched          items no entity matched, over all runs
 * @param invalid            items that could not move, over all runs
 * @param collisions         items not written because another source item had their key path, over all runs
 * @param collisionExamples  some of this process's collisions; the first item of each is the one kept, whose key
 *                           this run knows only as "another source item" when it was written before a resume
 * @param writtenNow         items this process put
 * @param readUnits          read capacity this process consumed
 * @param writeUnits         write capacity this process consumed, retries included
 * @param readUnitsPerSecond this process's read units in each second since it began
 * @param writeUnitsPerSecond this process's write units in each second since it began
 * @param elapsed            this process's time
 * @param scanTime           the segments' time in {@code Scan} calls (and their throttling waits)
 * @param writeTime          the segments' time in {@code BatchWriteItem} calls and their retries
 * @param budgetTime         the segments' time waiting on the capacity budget
 * @param resumed            whether this run began from a checkpoint with progress
 */
public record MigrationRun(long scanned, long written, long unmatched, long invalid, long collisions,
                           List<MigrationPlan.Collision> collisionExamples, long writtenNow,
                           double readUnits, double writeUnits, List<Double> readUnitsPerSecond,
                           List<Double> writeUnitsPerSecond, Duration elapsed, Duration scanTime, Duration writeTime,
                           Duration budgetTime, boolean resumed) {
    /** Copies the lists. */
    public MigrationRun {
        collisionExamples = List.copyOf(collisionExamples);
        readUnitsPerSecond = List.copyOf(readUnitsPerSecond);
        writeUnitsPerSecond = List.copyOf(writeUnitsPerSecond);
    }

    /**
     * Whether the target holds every item the mapping moves: no item that could not move and no collision (items
     * no entity matches stay behind by design).
     */
    public boolean complete() {
        return invalid == 0 && collisions == 0;
    }

    /** Items this process put per second. */
    public double itemsPerSecond() {
        return writtenNow / Math.max(1e-3, elapsed.toNanos() / 1e9);
    }

    /** The run as text, one fact a line. */
    public String describe() {
        double threads = scanTime.toNanos() + writeTime.toNanos() + budgetTime.toNanos();
        double seconds = Math.max(1e-3, elapsed.toNanos() / 1e9);
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "%s%d items written of %d scanned (%d unmatched, %d invalid, %d collisions)%n"
                        + "this run: %d items in %.1f s, %.0f items/s%n"
                        + "capacity: %.1f RCU (%.1f/s), %.1f WCU (%.1f/s)%n"
                        + "segment time: scan %.0f%%, write %.0f%%, waiting on the budget %.0f%%%n",
                resumed ? "resumed from a checkpoint; " : "", written, scanned, unmatched, invalid, collisions,
                writtenNow, seconds, itemsPerSecond(), readUnits, readUnits / seconds, writeUnits,
                writeUnits / seconds, share(scanTime, threads), share(writeTime, threads),
                share(budgetTime, threads)));
        if (collisions > 0) {
            s.append("collisions (not written: another source item has the key path):").append(System.lineSeparator());
            collisionExamples.forEach(c -> s.append("  ").append(c.keyPath()).append(" <- ").append(c.first())
                    .append(", not ").append(c.second()).append(System.lineSeparator()));
        }
        return s.toString();
    }

    private static double share(Duration part, double total) {
        return total <= 0 ? 0 : part.toNanos() * 100.0 / total;
    }
}
