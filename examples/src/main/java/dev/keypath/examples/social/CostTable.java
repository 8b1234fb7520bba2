package dev.keypath.examples.social;

import dev.keypath.dynamodb.OperationKind;
import dev.keypath.micrometer.ledger.PatternFigures;
import java.io.PrintStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The table the tour ends with: per access pattern, its calls, read and write capacity units, median and 99th
 * percentile latency, the items its queries and scans asked DynamoDB for ({@code Limit}), the items DynamoDB read
 * and those returned, and read per returned; a write shows none of the read figures. Stateless.
 */
final class CostTable {
    static final String HEADER = String.format(Locale.ROOT, "   %-38s %6s %8s %8s %8s %8s %6s %6s %8s %9s",
            "access pattern", "calls", "RCU", "WCU", "p50 ms", "p99 ms", "asked", "read", "returned", "read/ret.");
    /** What the table's columns hold, printed under it. */
    static final String NOTES = """
               asked: the Limit of every query and scan request, added up (DynamoDB's Limit counts items read);
               read and returned: the items DynamoDB read and those the calls returned (writes read none).
               p50 and p99 include each access pattern's first call, which pays for the warm-up of a JVM that has
               just started (class loading, the first connection): most patterns here ran once or a few times.""";

    /** The kinds of operation that only write: their rows show no items read or returned. */
    private static final Set<OperationKind> WRITES = EnumSet.of(OperationKind.PUT, OperationKind.UPDATE,
            OperationKind.DELETE, OperationKind.BATCH_WRITE, OperationKind.BATCH_PUT_STORED,
            OperationKind.TRANSACT_WRITE);

    private CostTable() {
    }

    static void print(List<PatternFigures> patterns, PrintStream out) {
        out.println(HEADER);
        for (PatternFigures f : patterns) {
            boolean writes = WRITES.contains(f.kind());
            out.printf(Locale.ROOT, "   %-38s %6d %8.1f %8.1f %8.2f %8.2f %6s %6s %8s %9s%n", f.accessPattern(),
                    f.totalCalls(), f.readUnits(), f.writeUnits(), f.latency().p50().toNanos() / 1e6,
                    f.latency().p99().toNanos() / 1e6, f.itemsAsked() == 0 ? "-" : Long.toString(f.itemsAsked()),
                    writes ? "-" : Long.toString(f.itemsRead()), writes ? "-" : Long.toString(f.itemsReturned()),
                    writes || f.itemsReturned() == 0 ? "-"
                            : String.format(Locale.ROOT, "%.2f", (double) f.itemsRead() / f.itemsReturned()));
        }
        out.println();
        out.println(NOTES);
    }
}
