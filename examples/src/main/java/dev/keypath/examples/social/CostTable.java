package dev.keypath.examples.social;

import dev.keypath.micrometer.ledger.PatternFigures;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The table the tour ends with: per access pattern, its calls, read and write capacity units, median and 99th
 * percentile latency, and the items DynamoDB read against those returned. Stateless.
 */
final class CostTable {
    static final String HEADER = String.format(Locale.ROOT, "   %-38s %6s %8s %8s %8s %8s %14s", "access pattern", "calls", "RCU",
            "WCU", "p50 ms", "p99 ms", "read/returned");

    private CostTable() {
    }

    static void print(List<PatternFigures> patterns, PrintStream out) {
        out.println(HEADER);
        for (PatternFigures f : patterns) {
            out.printf(Locale.ROOT, "   %-38s %6d %8.1f %8.1f %8.2f %8.2f %14s%n", f.accessPattern(), f.totalCalls(), f.readUnits(),
                    f.writeUnits(), f.latency().p50().toNanos() / 1e6, f.latency().p99().toNanos() / 1e6,
                    f.itemsRead() + "/" + f.itemsReturned());
        }
    }
}
