package dev.keypath.test.model;

import static org.quicktheories.generators.SourceDSL.integers;

import dev.keypath.test.model.Reads.Over;
import dev.keypath.test.model.ReshardItems.Declaration;
import dev.keypath.test.model.ReshardSteps.Announce;
import dev.keypath.test.model.ReshardSteps.BatchGet;
import dev.keypath.test.model.ReshardSteps.Delete;
import dev.keypath.test.model.ReshardSteps.Finish;
import dev.keypath.test.model.ReshardSteps.Get;
import dev.keypath.test.model.ReshardSteps.Move;
import dev.keypath.test.model.ReshardSteps.Put;
import dev.keypath.test.model.ReshardSteps.Query;
import dev.keypath.test.model.ReshardSteps.Scan;
import dev.keypath.test.model.ReshardSteps.Step;
import dev.keypath.test.model.ReshardSteps.Tick;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.quicktheories.core.Gen;
import org.quicktheories.core.RandomnessSource;

/**
 * Command sequences of the re-shard model, and their generator: order writes and reads through the instances of
 * every declaration, clock moves, and the re-shard's steps, each drawn so that a failing sequence shrinks toward
 * fewer and plainer commands (the first option of each draw).
 *
 * @param steps the commands, in order
 */
record ReshardScripts(List<Step> steps) {
    ReshardScripts {
        steps = List.copyOf(steps);
    }

    @Override
    public String toString() {
        return steps.stream().filter(c -> !(c instanceof Tick t && t.millis() == 0)).map(c -> "        " + c)
                .collect(Collectors.joining(",\n", "List.of(\n", ")"));
    }

    private record Weighted(int weight, Function<RandomnessSource, Step> make) {
    }

    /** Sequences of {@code min} to {@code max} commands. */
    static Gen<ReshardScripts> scripts(int min, int max) {
        CommandGenerators orders = new CommandGenerators(Exploration.NONE);
        List<Weighted> kinds = List.of(
                new Weighted(5, in -> new Tick(pick(in, 0L, 1_000L, 15_000L, 45_000L))),
                new Weighted(14, in -> new Put(declaration(in), orders.putOrder(in))),
                new Weighted(10, in -> new ReshardSteps.Update(declaration(in), draw(in, 2), draw(in, 4),
                        orders.edits(in, Kind.ORDER), bool(in), cond(in), bool(in), bool(in))),
                new Weighted(4, in -> new Delete(declaration(in), draw(in, 2), draw(in, 4), cond(in), bool(in),
                        bool(in))),
                new Weighted(4, in -> new Get(declaration(in), draw(in, 2), draw(in, 4), bool(in))),
                new Weighted(3, in -> new BatchGet(declaration(in), draw(in, 2),
                        List.of(draw(in, 4), draw(in, 4), draw(in, 4)), bool(in))),
                new Weighted(6, in -> new Query(declaration(in), new Reads.Query(pick(in, Over.SHOP, Over.ORDERS,
                        Over.ORDER_RANGE, Over.BY_STATUS, Over.BY_TOTAL, Over.TOTAL_RANGE), draw(in, 2), draw(in, 4),
                        draw(in, 4), bool(in), draw(in, 4), false, bool(in), bool(in)))),
                new Weighted(2, in -> new Scan(declaration(in), 1 + draw(in, 3), bool(in))),
                new Weighted(4, in -> new Announce(bool(in))),
                new Weighted(2, in -> new Move(draw(in, 2))),
                new Weighted(2, in -> new Finish()));
        int total = kinds.stream().mapToInt(Weighted::weight).sum();
        return in -> {
            int n = integers().between(min, max).generate(in);
            List<Step> steps = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int at = draw(in, total);
                for (Weighted w : kinds) {
                    if (at < w.weight()) {
                        steps.add(w.make().apply(in));
                        break;
                    }
                    at -= w.weight();
                }
            }
            return new ReshardScripts(steps);
        };
    }

    private static Declaration declaration(RandomnessSource in) {
        return pick(in, Declaration.RESHARDING, Declaration.FORMER, Declaration.NEW);
    }

    private static Cond cond(RandomnessSource in) {
        int c = draw(in, 6);
        return c < 4 ? Cond.NONE : c == 4 ? Cond.ABSENT : Cond.EQUALS;
    }

    private static int draw(RandomnessSource in, int options) {
        return integers().between(0, options - 1).generate(in);
    }

    private static boolean bool(RandomnessSource in) {
        return draw(in, 2) == 1;
    }

    @SafeVarargs
    private static <T> T pick(RandomnessSource in, T... options) {
        return options[draw(in, options.length)];
    }
}
