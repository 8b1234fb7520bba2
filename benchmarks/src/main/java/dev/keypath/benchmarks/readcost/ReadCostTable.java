package dev.keypath.benchmarks.readcost;

import dev.keypath.benchmarks.readcost.ReadCostRun.Loaded;
import dev.keypath.benchmarks.readcost.ReadCostRun.Measured;
import dev.keypath.benchmarks.readcost.RequestMeter.Tally;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Renders a run as Markdown tables: the bulk loads, then per access pattern and library the requests, read and write
 * units, items read and returned, the read units against the Enhanced Client's, and the median wall time with the
 * fastest and slowest run. A count marked {@code *} differed between runs of the same library and pattern.
 */
final class ReadCostTable {
    static final String PEER = "Enhanced Client";

    private ReadCostTable() {}

    static String loads(List<Loaded> loads) {
        StringBuilder sb = new StringBuilder();
        sb.append("| library | items | bytes stored | requests | WCU | median | fastest – slowest | runs |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Loaded l : loads) {
            long[] sorted = l.nanos().clone();
            Arrays.sort(sorted);
            sb.append("| ").append(l.label())
                    .append(" | ").append(String.format(Locale.ROOT, "%,d", l.items()))
                    .append(" | ").append(String.format(Locale.ROOT, "%,d", l.storedBytes()))
                    .append(" | ").append(l.tally().requests()).append(steady(l.steady()))
                    .append(" | ").append(units(l.tally().writeUnits())).append(steady(l.steady()))
                    .append(" | ").append(seconds(ReadCostRun.median(l.nanos())))
                    .append(" | ").append(seconds(sorted[0])).append(" – ").append(seconds(sorted[sorted.length - 1]))
                    .append(" | ").append(sorted.length).append(" |\n");
        }
        return sb.toString();
    }

    /**
     * Each library's loads round by round, and its time divided by the Enhanced Client's load in the same round: the
     * median ratio with the lowest and highest.
     */
    static String loadRatios(List<Loaded> loads) {
        Loaded peer = loads.stream().filter(l -> l.label().equals(PEER)).findFirst().orElse(null);
        StringBuilder sb = new StringBuilder();
        sb.append("| library | each round | ÷ Enhanced Client's in the round: median | lowest – highest |\n");
        sb.append("|---|---|---:|---:|\n");
        for (Loaded l : loads) {
            StringBuilder rounds = new StringBuilder();
            for (long n : l.nanos()) {
                rounds.append(rounds.length() > 0 ? ", " : "").append(seconds(n));
            }
            sb.append("| ").append(l.label()).append(" | ").append(rounds);
            if (peer == null || l == peer || peer.nanos().length != l.nanos().length) {
                sb.append(" | – | – |\n");
                continue;
            }
            double[] sorted = new double[l.nanos().length];
            for (int i = 0; i < sorted.length; i++) {
                sorted[i] = (double) l.nanos()[i] / peer.nanos()[i];
            }
            Arrays.sort(sorted);
            int n = sorted.length;
            double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            sb.append(String.format(Locale.ROOT, " | %.2f | %.2f – %.2f |%n", median, sorted[0], sorted[n - 1]));
        }
        return sb.toString();
    }

    static String patterns(List<Measured> measured) {
        StringBuilder sb = new StringBuilder();
        sb.append("| access pattern | library | requests | RCU | WCU | items read | returned | read ÷ returned "
                + "| RCU ÷ Enhanced Client's | median | fastest – slowest |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Measured m : measured) {
            Tally t = m.tally();
            Measured peer = measured.stream().filter(p -> p.pattern() == m.pattern() && p.label().equals(PEER))
                    .findFirst().orElse(null);
            long[] sorted = m.nanos().clone();
            Arrays.sort(sorted);
            String mark = steady(m.steady());
            sb.append("| ").append(m.pattern().label())
                    .append(" | ").append(m.label())
                    .append(" | ").append(t.requests()).append(mark)
                    .append(" | ").append(units(t.readUnits())).append(mark)
                    .append(" | ").append(units(t.writeUnits())).append(mark)
                    .append(" | ").append(t.itemsRead()).append(mark)
                    .append(" | ").append(m.outcome().returned())
                    .append(" | ").append(t.itemsRead() > 0 ? ratio(t.itemsRead(), m.outcome().returned()) : "–")
                    .append(" | ").append(peer == null || peer.tally().readUnits() == 0 ? "–"
                            : ratio(t.readUnits(), peer.tally().readUnits()) + "×")
                    .append(" | ").append(millis(ReadCostRun.median(m.nanos())))
                    .append(" | ").append(sorted.length == 0 ? "–"
                            : millis(sorted[0]) + " – " + millis(sorted[sorted.length - 1]))
                    .append(" |\n");
        }
        return sb.toString();
    }

    private static String steady(boolean steady) {
        return steady ? "" : "*";
    }

    static String units(double units) {
        return String.format(Locale.ROOT, "%.1f", units);
    }

    private static String ratio(double a, double b) {
        return b == 0 ? "–" : String.format(Locale.ROOT, "%.2f", a / b);
    }

    private static String millis(double nanos) {
        double ms = nanos / 1e6;
        return String.format(Locale.ROOT, ms >= 100 ? "%.0f ms" : ms >= 10 ? "%.1f ms" : "%.2f ms", ms);
    }

    private static String seconds(double nanos) {
        return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
    }
}
