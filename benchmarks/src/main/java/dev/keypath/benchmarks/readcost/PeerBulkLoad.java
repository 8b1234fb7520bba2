package dev.keypath.benchmarks.readcost;

import dev.keypath.benchmarks.readcost.ReadCostRun.Loaded;
import dev.keypath.benchmarks.readcost.SocialDataSet.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The peer benchmark's bulk load alone: the social data set written into a fresh table per library and layout through
 * {@code BatchWriteItem} in calls of 25 (the same items in the same calls for every library), round after round, the
 * libraries' order rotating, all in this JVM against one DynamoDB Local; then, per library, the median, fastest and
 * slowest load, and per round each keypath layout's time divided by the Enhanced Client's in that round.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.keypath.benchmarks.readcost.PeerBulkLoad \
 *     [--shape standard|small] [--seed 42] [--rounds 9] [--warmup 1]
 * </pre>
 *
 * {@code --warmup} rounds run first and are left out of the figures.
 */
public final class PeerBulkLoad {
    private PeerBulkLoad() {}

    /** Runs the loads; the options are in the class comment. */
    public static void main(String[] args) {
        Shape shape = Shape.STANDARD;
        long seed = 42;
        int rounds = 9;
        int warmup = 1;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--shape" -> shape = switch (String.valueOf(value)) {
                    case "standard" -> Shape.STANDARD;
                    case "small" -> Shape.SMALL;
                    default -> throw new IllegalArgumentException("--shape is standard or small, not " + value);
                };
                case "--seed" -> seed = Long.parseLong(String.valueOf(value));
                case "--rounds" -> rounds = Integer.parseInt(String.valueOf(value));
                case "--warmup" -> warmup = Integer.parseInt(String.valueOf(value));
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; options: --shape standard|small, --seed N, --rounds N, --warmup N");
            }
            i++;
        }
        if (rounds < 1 || warmup < 0) {
            throw new IllegalArgumentException("at least one round, and no negative warm-up");
        }
        SocialDataSet data = SocialDataSet.generate(shape, seed);
        long started = System.nanoTime();
        try (PeerEngine engine = new PeerEngine()) {
            ReadCostRun run = new ReadCostRun(engine, data);
            System.out.printf(Locale.ROOT, "data set: seed %d, %,d items %s; %d CPUs, Java %s%n", seed, data.size(),
                    data.countsByType(), Runtime.getRuntime().availableProcessors(), Runtime.version());
            if (warmup > 0) {
                run.load(warmup, new ArrayList<>()).forEach(PeerTable::drop);
            }
            List<Loaded> loads = new ArrayList<>();
            List<PeerTable> tables = run.load(rounds, loads);
            run.checkCounts(tables);
            System.out.printf("%nBulk load, BatchWriteItem in calls of 25, %d alternating rounds after %d warm-up:%n%n",
                    rounds, warmup);
            System.out.println(ReadCostTable.loads(loads));
            System.out.println(ReadCostTable.loadRatios(loads));
            tables.forEach(PeerTable::drop);
        }
        System.out.printf(Locale.ROOT, "took %.0f s%n", (System.nanoTime() - started) / 1e9);
    }
}
