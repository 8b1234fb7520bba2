package dev.keypath.migrate;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What a {@link SchemaRewrite#run()} did, over every run of the same checkpoint where it says so. Immutable.
 *
 * @param typeName          the stored type name of the type rewritten
 * @param version           the version its items were rewritten at
 * @param scanned           items read in finished pages (every type)
 * @param upgraded          items of the type rewritten at the current version
 * @param upgradedNow       of those, the ones this run rewrote
 * @param otherItems        items of other types, left alone
 * @param unreadable        items of the type that cannot be upgraded (a newer version, a change that fails), left alone
 * @param unreadableExamples a few of their messages
 * @param conflicts         writes that found the item changed by another writer, then read and upgraded again
 *                          (this run only)
 * @param readUnits         read capacity the scans consumed
 * @param writeUnits        write capacity the upgrades consumed
 * @param elapsed           this run's time
 * @param resumed           whether this run continued an earlier one's checkpoint
 */
public record RewriteRun(String typeName, int version, long scanned, long upgraded, long upgradedNow, long otherItems,
                         long unreadable, List<String> unreadableExamples, long conflicts, double readUnits,
                         double writeUnits, Duration elapsed, boolean resumed) {
    /** Copies the list. */
    public RewriteRun {
        unreadableExamples = List.copyOf(unreadableExamples);
    }

    /** Whether every item of the type is now at the current version (none was left unreadable). */
    public boolean complete() {
        return unreadable == 0;
    }

    /** The report, one fact a line. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "rewrite of %s to version %d%s%n", typeName, version,
                resumed ? " (resumed)" : ""));
        b.append(String.format(Locale.ROOT, "  scanned      %d%n  upgraded     %d (%d by this run)%n"
                        + "  other types  %d%n  unreadable   %d%n  conflicts    %d (read again and upgraded)%n"
                        + "  capacity     %.1f RCU, %.1f WCU in %.1f s%n", scanned, upgraded, upgradedNow, otherItems,
                unreadable, conflicts, readUnits, writeUnits, elapsed.toMillis() / 1000.0));
        for (String e : unreadableExamples) {
            b.append("  unreadable: ").append(e).append(System.lineSeparator());
        }
        return b.toString();
    }
}
