package dev.keypath.migrate;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What a {@link SchemaRewrite#run()} did, over every run of the same checkpoint where it says so. Every item scanned
 * is counted once: {@code scanned = rewritten + current + otherItems + unreadable + gone}. Immutable.
 *
 * @param typeName           the stored type name of the type rewritten
 * @param version            the version its items were rewritten at
 * @param scanned            items read in finished pages (every type)
 * @param rewritten          items of the type written in their current form (at an older version, or at the
 *                           current one in a form an older build left: nulls stored as {@code NULL}, sets as lists)
 * @param rewrittenNow       of those, the ones this run wrote
 * @param current            items of the type already in their current form, left alone
 * @param otherItems         items of other types (keypath's own items included), left alone
 * @param unreadable         items of the type that cannot be rewritten (a newer version, a change that fails, a value
 *                           that does not fit its field), left alone
 * @param gone               items of the type another writer deleted between the scan and the write
 * @param unreadableExamples a few of the unreadable items' messages
 * @param conflicts          writes that found the item changed by another writer, then read and rewritten again
 *                           (this run only; not items: an item that conflicted is counted where it ended)
 * @param readUnits          read capacity the scans consumed
 * @param writeUnits         write capacity the rewrites consumed
 * @param elapsed            this run's time
 * @param resumed            whether this run continued an earlier one's checkpoint
 */
public record RewriteRun(String typeName, int version, long scanned, long rewritten, long rewrittenNow, long current,
                         long otherItems, long unreadable, long gone, List<String> unreadableExamples, long conflicts,
                         double readUnits, double writeUnits, Duration elapsed, boolean resumed) {
    /** Copies the list. */
    public RewriteRun {
        unreadableExamples = List.copyOf(unreadableExamples);
    }

    /** Whether every item of the type is now in its current form (none was left unreadable). */
    public boolean complete() {
        return unreadable == 0;
    }

    /** The report, one fact a line; the lines from "rewritten" to "deleted" add up to "scanned". */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "rewrite of %s to version %d%s%n", typeName, version,
                resumed ? " (resumed)" : ""));
        b.append(String.format(Locale.ROOT, "  scanned          %d%n"
                        + "  rewritten        %d (%d by this run)%n"
                        + "  already current  %d%n"
                        + "  other types      %d%n"
                        + "  unreadable       %d%n"
                        + "  deleted          %d (by another writer before the rewrite wrote them)%n"
                        + "  conflicts        %d (writes that met another writer's change: read and rewritten again)%n"
                        + "  capacity         %.1f RCU, %.1f WCU in %.1f s%n", scanned, rewritten, rewrittenNow,
                current, otherItems, unreadable, gone, conflicts, readUnits, writeUnits,
                elapsed.toMillis() / 1000.0));
        for (String e : unreadableExamples) {
            b.append("  unreadable: ").append(e).append(System.lineSeparator());
        }
        return b.toString();
    }
}
