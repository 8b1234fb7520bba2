package dev.keypath.benchmarks.readcost;

import dev.keypath.benchmarks.readcost.RequestMeter.Tally;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads the data set into every layout and runs the access patterns through every library, alternating: in each
 * repetition every library runs once, the order rotating from one repetition to the next, all in this JVM against one
 * engine. Every run is counted by the {@link RequestMeter}; the first run of each library and pattern is checked
 * against the {@link Workload}'s expected outcome (and a write's state after it), so that no library is measured
 * computing something else. Write patterns are undone after every run, uncounted, so every run meets the same data.
 */
final class ReadCostRun {
    /** A library's table read at a consistency. */
    record Variant(PeerTable table, Reads reads) {
        String label() {
            return table instanceof KeyPathPeer && reads == Reads.LIBRARY_DEFAULT
                    ? table.label() + ", defaults" : table.label();
        }
    }

    /** One run: what it gave, what it sent, how long it took. */
    record Sample(Outcome outcome, Tally tally, long nanos) {}

    /**
     * The runs of one library and pattern: the count of the first (every run's, when {@code steady}), its outcome, and
     * the wall times of the measured runs.
     */
    record Measured(String label, AccessPattern pattern, Tally tally, Outcome outcome, long[] nanos, boolean steady) {}

    /**
     * The bulk loads of one table: the items and the bytes stored (the table's size as {@code DescribeTable} gives it,
     * without its index), the count of the first load and the wall time of each.
     */
    record Loaded(String label, int items, long storedBytes, Tally tally, long[] nanos, boolean steady) {}

    private final PeerEngine engine;
    private final SocialDataSet data;
    private final Workload workload;

    ReadCostRun(PeerEngine engine, SocialDataSet data) {
        this.engine = engine;
        this.data = data;
        this.workload = new Workload(data);
    }

    Workload workload() {
        return workload;
    }

    /**
     * Loads the data set {@code rounds} times into fresh tables of every layout, alternating, and keeps the last
     * round's tables.
     */
    List<PeerTable> load(int rounds, List<Loaded> loads) {
        Map<String, List<Long>> nanos = new LinkedHashMap<>();
        Map<String, Tally> tallies = new LinkedHashMap<>();
        Map<String, Boolean> steady = new LinkedHashMap<>();
        List<PeerTable> tables = List.of();
        for (int round = 0; round < rounds; round++) {
            if (!tables.isEmpty()) {
                tables.forEach(PeerTable::drop);
            }
            tables = engine.tables("r" + round);
            for (int i = 0; i < tables.size(); i++) {
                PeerTable table = tables.get((round + i) % tables.size());
                table.create();
                engine.meter.start();
                long start = System.nanoTime();
                table.load(data);
                long took = System.nanoTime() - start;
                Tally tally = engine.meter.stop();
                nanos.computeIfAbsent(table.label(), l -> new ArrayList<>()).add(took);
                Tally first = tallies.putIfAbsent(table.label(), tally);
                steady.merge(table.label(), first == null || first.equals(tally), Boolean::logicalAnd);
            }
        }
        for (PeerTable table : tables) {
            String label = table.label();
            loads.add(new Loaded(label, data.size(), table.storedBytes(), tallies.get(label),
                    nanos.get(label).stream().mapToLong(Long::longValue).toArray(), steady.get(label)));
        }
        return tables;
    }

    /** Fails unless every table holds as many items of each type as the data set. */
    void checkCounts(List<PeerTable> tables) {
        for (PeerTable table : tables) {
            Map<String, Long> counts = table.countsByType();
            if (!counts.equals(data.countsByType())) {
                throw new IllegalStateException(table.label() + " holds " + counts + ", the data set "
                        + data.countsByType());
            }
        }
    }

    /** Every pattern through every variant: {@code warmup} runs, then {@code repetitions} measured ones. */
    List<Measured> patterns(List<Variant> variants, int warmup, int repetitions) {
        List<Measured> measured = new ArrayList<>();
        for (AccessPattern pattern : AccessPattern.values()) {
            Map<Variant, List<Long>> nanos = new LinkedHashMap<>();
            Map<Variant, Sample> first = new LinkedHashMap<>();
            Map<Variant, Boolean> steady = new LinkedHashMap<>();
            for (int rep = 0; rep < warmup + repetitions; rep++) {
                for (int i = 0; i < variants.size(); i++) {
                    Variant v = variants.get((rep + i) % variants.size());
                    Sample s = runChecked(v, pattern, rep == 0);
                    Sample kept = first.putIfAbsent(v, s);
                    steady.merge(v, kept == null || kept.tally().equals(s.tally()), Boolean::logicalAnd);
                    if (rep >= warmup) {
                        nanos.computeIfAbsent(v, x -> new ArrayList<>()).add(s.nanos());
                    }
                }
            }
            for (Variant v : variants) {
                Sample s = first.get(v);
                measured.add(new Measured(v.label(), pattern, s.tally(), s.outcome(),
                        nanos.getOrDefault(v, List.of()).stream().mapToLong(Long::longValue).toArray(), steady.get(v)));
            }
        }
        return measured;
    }

    /**
     * Runs {@code pattern} once through {@code variant}, counted and timed; with {@code check}, fails unless it gave
     * the expected outcome and left the expected state; then undoes a write, uncounted.
     */
    Sample runChecked(Variant variant, AccessPattern pattern, boolean check) {
        Sample s = run(variant, pattern);
        if (check) {
            Outcome expected = workload.expected(pattern);
            if (!expected.equals(s.outcome())) {
                throw new IllegalStateException(variant.label() + ", " + pattern.label() + ": expected " + expected
                        + " but got " + s.outcome());
            }
            List<String> state = variant.table().stateAfter(pattern, workload);
            if (!workload.expectedState(pattern).equals(state)) {
                throw new IllegalStateException(variant.label() + ", " + pattern.label() + ": expected "
                        + workload.expectedState(pattern) + " after it, found " + state);
            }
        }
        variant.table().restore(pattern, workload, data);
        return s;
    }

    /** Runs {@code pattern} once through {@code variant}, counted and timed, and leaves what it wrote. */
    Sample run(Variant variant, AccessPattern pattern) {
        engine.meter.start();
        long start = System.nanoTime();
        Outcome outcome = variant.table().run(pattern, workload, variant.reads());
        long took = System.nanoTime() - start;
        return new Sample(outcome, engine.meter.stop(), took);
    }

    /** The median of {@code values} (the mean of the middle two for an even count). */
    static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
