package dev.keypath.benchmarks.readcost;

import dev.keypath.benchmarks.readcost.ReadCostRun.Sample;
import dev.keypath.benchmarks.readcost.ReadCostRun.Variant;
import dev.keypath.benchmarks.readcost.SocialDataSet.Shape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark's three tables on the small data set (about 2,000 items of the same shape), loaded once, and each
 * variant's run of each pattern: what the tests read their counts from.
 */
final class PeerFixture implements AutoCloseable {
    static final long SEED = 42;

    final SocialDataSet data = SocialDataSet.generate(Shape.SMALL, SEED);
    final PeerEngine engine = new PeerEngine();
    final ReadCostRun run = new ReadCostRun(engine, data);
    final List<PeerTable> tables = run.load(1, new ArrayList<>());
    final List<Variant> variants = new ArrayList<>();

    PeerFixture() {
        for (PeerTable table : tables) {
            variants.add(new Variant(table, Reads.EVENTUAL));
        }
        for (PeerTable table : tables) {
            if (table instanceof KeyPathPeer) {
                variants.add(new Variant(table, Reads.LIBRARY_DEFAULT));
            }
        }
    }

    Variant variant(String label) {
        return variants.stream().filter(v -> v.label().equals(label)).findFirst().orElseThrow();
    }

    /** Each variant's run of {@code pattern}, not checked, each undone after it. */
    Map<String, Sample> runAll(AccessPattern pattern) {
        Map<String, Sample> samples = new LinkedHashMap<>();
        for (Variant v : variants) {
            samples.put(v.label(), run.runChecked(v, pattern, false));
        }
        return samples;
    }

    @Override
    public void close() {
        engine.close();
    }
}
