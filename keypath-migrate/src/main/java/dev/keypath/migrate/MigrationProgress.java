package dev.keypath.migrate;

import java.time.Duration;

/**
 * Receives a migration's progress every few seconds (on a thread of its own) while a plan, run or verification
 * goes on, and a schema rewrite's while it runs (and once at its end). The CLI prints each as a line on standard
 * error.
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
     * @param phase        {@code plan}, {@code run}, {@code verify} or {@code rewrite}
     * @param scanned      source items done so far: read and mapped (plan), written or left behind (run, for a
     *                     resumed run including the earlier runs'), compared with the target (verify); the table's
     *                     items looked at (rewrite, with the earlier runs')
     * @param moved        of those, items that would move (plan), were written (run) or were moved by the mapping
     *                     (verify), or were rewritten in their current form (rewrite)
     * @param sourceItems  DynamoDB's approximate item count of the source (updated about every six hours), 0 if
     *                     unknown
     * @param targetItems  target items read before the source: by verify, and by a run that reads the keys the
     *                     target holds from earlier runs
     * @param readUnits    read capacity consumed so far by this process
     * @param writeUnits   write capacity consumed so far by this process
     * @param elapsed      time since this process began the phase
     */
    record Snapshot(String phase, long scanned, long moved, long sourceItems, long targetItems, double readUnits,
                    double writeUnits, Duration elapsed) {
        /**
         * One line, e.g. {@code run: 51200 of ~100000 source items done (51%), 50310 written, 890 left behind,
         * ...}; while the target is read, {@code verify: reading the target, 20000 items read, ...}; for a rewrite,
         * {@code rewrite: 5200 of ~10000 items done (52%), 4100 rewritten, ...}.
         */
        public String line() {
            double seconds = Math.max(1e-3, elapsed.toNanos() / 1e9);
            String rates = String.format(java.util.Locale.ROOT, "%.0f RCU/s, %.0f WCU/s, %ds", readUnits / seconds,
                    writeUnits / seconds, elapsed.toSeconds());
            if (scanned == 0 && (targetItems > 0 || "verify".equals(phase))) {
                return phase + ": reading the target, " + targetItems + " items read, " + rates;
            }
            String done = switch (phase) {
                case "plan" -> "read";
                case "verify" -> "compared";
                default -> "done";
            };
            String items = "rewrite".equals(phase) ? "items" : "source items";
            String of;
            if (sourceItems <= 0) {
                of = scanned + " " + items + " " + done;
            } else if (scanned <= sourceItems) {
                of = scanned + " of ~" + sourceItems + " " + items + " " + done + " ("
                        + Math.min(99, scanned * 100 / sourceItems) + "%)";
            } else {
                of = scanned + " " + items + " " + done + " (more than DynamoDB's estimate of " + sourceItems + ")";
            }
            String what = switch (phase) {
                case "plan" -> moved + " would move";
                case "verify" -> moved + " moved by the mapping";
                case "rewrite" -> moved + " rewritten";
                default -> moved + " written, " + (scanned - moved) + " left behind";
            };
            return phase + ": " + of + ", " + what + ", " + rates;
        }
    }
}
