package dev.keypath.migrate;

import java.time.Duration;

/**
 * Receives a migration's progress every few seconds (on a thread of its own) while a plan, run or verification
 * goes on. The CLI prints each as a line on standard error.
 */
@FunctionalInterface
public interface MigrationProgress {
    /** Ignores every report. */
    MigrationProgress NONE = snapshot -> { };

    /** One report. */
    void report(Snapshot snapshot);

    /**
     * The state at one moment.
     *
     * @param phase        {@code plan}, {@code run} or {@code verify}
     * @param scanned      source items read so far (for a resumed run, including the earlier runs')
     * @param moved        items mapped (plan), written (run) or checked (verify) so far
     * @param sourceItems  DynamoDB's approximate item count of the source (updated about every six hours), 0 if
     *                     unknown
     * @param readUnits    read capacity consumed so far by this process
     * @param writeUnits   write capacity consumed so far by this process
     * @param elapsed      time since this process began the phase
     */
    record Snapshot(String phase, long scanned, long moved, long sourceItems, double readUnits, double writeUnits,
                    Duration elapsed) {
        /** One line, e.g. {@code run: 51200 of ~100000 source items (51%), 50310 written, 2010 items/s, ...}. */
        public String line() {
            double seconds = Math.max(1e-3, elapsed.toNanos() / 1e9);
            String of = sourceItems > 0 ? " of ~" + sourceItems + " source items ("
                    + Math.min(100, scanned * 100 / sourceItems) + "%)" : " source items";
            return String.format(java.util.Locale.ROOT, "%s: %d%s, %d %s, %.0f RCU/s, %.0f WCU/s, %ds", phase,
                    scanned, of, moved, "plan".equals(phase) ? "mapped" : "run".equals(phase) ? "written" : "checked",
                    readUnits / seconds, writeUnits / seconds, elapsed.toSeconds());
        }
    }
}
