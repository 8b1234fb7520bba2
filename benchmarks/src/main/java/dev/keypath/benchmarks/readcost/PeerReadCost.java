package dev.keypath.benchmarks.readcost;

import dev.keypath.benchmarks.readcost.ReadCostRun.Loaded;
import dev.keypath.benchmarks.readcost.ReadCostRun.Measured;
import dev.keypath.benchmarks.readcost.ReadCostRun.Variant;
import dev.keypath.benchmarks.readcost.SocialDataSet.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The peer read-cost benchmark: generates the social data set, loads it on DynamoDB Local in this JVM through keypath
 * (hierarchical and flat layouts) and the AWS SDK Enhanced Client, runs the seven access patterns through each, and
 * prints Markdown tables of what each sent, consumed, read and returned, and how long it took.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.keypath.benchmarks.readcost.PeerReadCost \
 *     [--shape standard|small] [--seed 42] [--warmup 5] [--repetitions 15] [--load-rounds 3]
 * </pre>
 */
public final class PeerReadCost {
    private PeerReadCost() {}

    /** Runs the benchmark; the options are in the class comment. */
    public static void main(String[] args) {
        Shape shape = Shape.STANDARD;
        long seed = 42;
        int warmup = 5;
        int repetitions = 15;
        int loadRounds = 3;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--shape" -> shape = switch (String.valueOf(value)) {
                    case "standard" -> Shape.STANDARD;
                    case "small" -> Shape.SMALL;
                    default -> throw new IllegalArgumentException("--shape is standard or small, not " + value);
                };
                case "--seed" -> seed = Long.parseLong(String.valueOf(value));
                case "--warmup" -> warmup = Integer.parseInt(String.valueOf(value));
                case "--repetitions" -> repetitions = Integer.parseInt(String.valueOf(value));
                case "--load-rounds" -> loadRounds = Integer.parseInt(String.valueOf(value));
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; options: --shape standard|small, --seed N, --warmup N, --repetitions N, --load-rounds N");
            }
            i++;
        }
        if (repetitions < 1 || loadRounds < 1 || warmup < 0) {
            throw new IllegalArgumentException("at least one repetition and one load round, and no negative warm-up");
        }

        SocialDataSet data = SocialDataSet.generate(shape, seed);
        long started = System.nanoTime();
        try (PeerEngine engine = new PeerEngine()) {
            ReadCostRun run = new ReadCostRun(engine, data);
            Workload w = run.workload();
            System.out.printf(Locale.ROOT, "data set: seed %d, %,d items %s; %d CPUs, Java %s%n", seed, data.size(),
                    data.countsByType(), Runtime.getRuntime().availableProcessors(), Runtime.version());
            System.out.printf(Locale.ROOT, "patterns: user %s (%d posts), the comments between %d and %d of a "
                            + "%d-comment thread (%d), %d posts of user %s in pages, tag \"%s\" (%d posts), "
                            + "a delete of a %d-item subtree%n%n",
                    w.profile.handle(), data.posts.stream().filter(p -> p.userId().equals(w.profile.userId())).count(),
                    w.commentsFrom, w.commentsTo, data.commentsOf(w.thread.postId()).size(),
                    w.expected(AccessPattern.COMMENTS_BETWEEN).returned(), w.pagedPosts, w.heavy.handle(), w.tag,
                    data.posts.stream().filter(p -> p.tag().equals(w.tag)).count(), w.victimItems);

            List<Loaded> loads = new ArrayList<>();
            List<PeerTable> tables = run.load(loadRounds, loads);
            run.checkCounts(tables);
            System.out.println("Bulk load, BatchWriteItem in calls of 25, " + loadRounds + " alternating rounds:");
            System.out.println();
            System.out.println(ReadCostTable.loads(loads));

            List<Variant> variants = new ArrayList<>();
            for (PeerTable table : tables) {
                variants.add(new Variant(table, Reads.EVENTUAL));
            }
            for (PeerTable table : tables) {
                if (table instanceof KeyPathPeer) {
                    variants.add(new Variant(table, Reads.LIBRARY_DEFAULT));
                }
            }
            List<Measured> measured = run.patterns(variants, warmup, repetitions);
            System.out.printf("Access patterns, eventually consistent where a library is told (\", defaults\": keypath "
                    + "told nothing), %d warm-up and %d measured runs of each, alternating:%n%n", warmup, repetitions);
            System.out.println(ReadCostTable.patterns(measured));
            if (measured.stream().anyMatch(m -> !m.steady())) {
                System.out.println("* the count differed between runs; the first run's is shown");
            }
        }
        System.out.printf(Locale.ROOT, "took %.0f s%n", (System.nanoTime() - started) / 1e9);
    }
}
