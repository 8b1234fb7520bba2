package dev.keypath.test.model;

import static org.quicktheories.generators.SourceDSL.integers;

import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UpdateItem.Returning;
import dev.keypath.test.model.Batches.BatchGet;
import dev.keypath.test.model.Batches.BatchWrite;
import dev.keypath.test.model.Batches.Target;
import dev.keypath.test.model.Batches.TransactGet;
import dev.keypath.test.model.Batches.TransactWrite;
import dev.keypath.test.model.Edit.Expiry;
import dev.keypath.test.model.Edit.Op;
import dev.keypath.test.model.ModelItems.Line;
import dev.keypath.test.model.ModelItems.Profile;
import dev.keypath.test.model.Puts.Carry;
import dev.keypath.test.model.Puts.Put;
import dev.keypath.test.model.Puts.PutAccount;
import dev.keypath.test.model.Puts.PutNote;
import dev.keypath.test.model.Puts.PutOrder;
import dev.keypath.test.model.Reads.Get;
import dev.keypath.test.model.Reads.GetByAlias;
import dev.keypath.test.model.Reads.Over;
import dev.keypath.test.model.Reads.Query;
import dev.keypath.test.model.Reads.Scan;
import dev.keypath.test.model.Reads.Tick;
import dev.keypath.test.model.Writes.Check;
import dev.keypath.test.model.Writes.Delete;
import dev.keypath.test.model.Writes.DeleteSubtree;
import dev.keypath.test.model.Writes.Expected;
import dev.keypath.test.model.Writes.ReadModifyWrite;
import dev.keypath.test.model.Writes.Update;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.quicktheories.core.Gen;
import org.quicktheories.core.RandomnessSource;

/**
 * QuickTheories generators of command sequences. Every choice is one draw whose first option is the simplest, so a
 * failing sequence shrinks: shorter, and each command toward a clock move of nothing (left out when printed) or
 * toward its plainest form.
 */
final class CommandGenerators {
    private final Exploration explore;
    private final List<Weighted> kinds;

    private record Weighted(String name, int weight, Function<RandomnessSource, Command> make) {
    }

    CommandGenerators(Exploration explore) {
        this.explore = explore;
        List<Weighted> k = new ArrayList<>();
        k.add(new Weighted("Tick", 8, this::tick));
        if (!explore.noAliasedPuts()) {
            k.add(new Weighted("PutAccount", 9, this::putAccount));
        }
        k.add(new Weighted("PutOrder", 11, this::putOrder));
        k.add(new Weighted("PutNote", 7, this::putNote));
        k.add(new Weighted("Update", 15, this::update));
        k.add(new Weighted("Delete", 6, this::delete));
        k.add(new Weighted("DeleteSubtree", 2, in -> new DeleteSubtree(draw(in, 2), draw(in, 5) - 1, draw(in, 4), bool(in))));
        k.add(new Weighted("BatchWrite", 4, this::batchWrite));
        k.add(new Weighted("TransactWrite", 6, this::transactWrite));
        k.add(new Weighted("ReadModifyWrite", 4, in -> new ReadModifyWrite(draw(in, 2) == 0 ? Kind.ORDER : Kind.NOTE, draw(in, 2),
                draw(in, 4), bool(in))));
        k.add(new Weighted("Get", 7, in -> new Get(target(in), bool(in), bool(in))));
        k.add(new Weighted("GetByAlias", 3, in -> new GetByAlias(draw(in, 3), bool(in))));
        k.add(new Weighted("BatchGet", 3, in -> new BatchGet(targets(in, 1, 4), bool(in))));
        k.add(new Weighted("TransactGet", 3, in -> new TransactGet(targets(in, 1, 4), bool(in))));
        k.add(new Weighted("Query", 9, this::query));
        k.add(new Weighted("Scan", 2, in -> new Scan(1 + draw(in, 3), draw(in, 8), bool(in))));
        Set<String> only = explore.only();
        this.kinds = k.stream().filter(w -> only.isEmpty() || only.contains(w.name()) || w.name().equals("Tick"))
                .toList();
    }

    /** Sequences of {@code min} to {@code max} commands. */
    Gen<Script> scripts(int min, int max) {
        return in -> {
            int n = integers().between(min, max).generate(in);
            List<Command> commands = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                commands.add(command(in));
            }
            return new Script(commands);
        };
    }

    Command command(RandomnessSource in) {
        int total = kinds.stream().mapToInt(Weighted::weight).sum();
        int at = draw(in, total);
        for (Weighted w : kinds) {
            if (at < w.weight()) {
                return w.make().apply(in);
            }
            at -= w.weight();
        }
        throw new IllegalStateException();
    }

    // ---- draws

    private static int draw(RandomnessSource in, int options) {
        return integers().between(0, options - 1).generate(in);
    }

    private static boolean bool(RandomnessSource in) {
        return draw(in, 2) == 1;
    }

    private static <T> T pick(RandomnessSource in, List<T> options) {
        return options.get(draw(in, options.size()));
    }

    @SafeVarargs
    private static <T> T pick(RandomnessSource in, T... options) {
        return options[draw(in, options.length)];
    }

    /** The options, without null and empty collections when the exploration fills every field. */
    @SafeVarargs
    private <T> T filled(RandomnessSource in, T... options) {
        if (!explore.noNulls()) {
            return pick(in, options);
        }
        List<T> kept = Arrays.stream(options).filter(o -> o != null
                && !(o instanceof java.util.Collection<?> c && c.isEmpty() && !(o instanceof List<?>))).toList();
        return pick(in, kept);
    }

    private <T> Set<T> set(RandomnessSource in, Set<T> empty, Set<T> one, Set<T> two) {
        if (explore.setsAsLists()) {
            return explore.noNulls() ? pick(in, one, two) : pick(in, null, one, two);
        }
        return filled(in, null, empty, one, two);
    }

    private Long expiry(RandomnessSource in) {
        return explore.noExpiry() ? null : pick(in, null, 600L, -5L, 20L, 60L);
    }

    // ---- commands

    private Command tick(RandomnessSource in) {
        return new Tick(pick(in, 0L, 1_000L, 15_000L, 45_000L, 120_000L));
    }

    private PutAccount putAccount(RandomnessSource in) {
        return new PutAccount(draw(in, 4), draw(in, 4) - 1, filled(in, "ann", null, "bo", "overlong1"),
                set(in, Set.of(), Set.of("red"), Set.of("red", "blue")),
                filled(in, null, new Profile("Oslo", 1L), new Profile("Rome", 3L)),
                filled(in, null, List.of(), List.of("n1"), List.of("n1", "n2")), filled(in, null, 0L, 10L, -4L),
                expiry(in), pick(in, Carry.values()), pick(in, PutMode.values()), cond(in), bool(in));
    }

    PutOrder putOrder(RandomnessSource in) {
        return new PutOrder(draw(in, 2), draw(in, 5) - 1, pick(in, "open", null, "paid"),
                pick(in, null, 10L, -5L, 0L, 20L), set(in, Set.of(), Set.of(4L), Set.of(4L, 5L)),
                filled(in, null, Map.of(), Map.of("a", 1L)), filled(in, null, List.of("l1")),
                filled(in, 1L, null, 0L, 3L), expiry(in), pick(in, Carry.values()), pick(in, PutMode.values()),
                cond(in), bool(in));
    }

    /** A put of an order as a batch or a transaction holds it: an invalid quantity now and then. */
    private PutOrder putOrderIn(RandomnessSource in, boolean conditions) {
        PutOrder p = putOrder(in);
        Long qty = draw(in, 8) == 0 ? Long.valueOf(-1L) : p.qty();
        return new PutOrder(p.shop(), p.slot(), p.status(), p.total(), p.ratings(), p.counts(), p.lines(), qty,
                p.expiry(), p.carry(), conditions ? p.mode() : PutMode.REPLACE, conditions ? p.cond() : Cond.NONE,
                false);
    }

    private PutNote putNote(RandomnessSource in) {
        return new PutNote(draw(in, 5) - 1, pick(in, "x", null, "y"), filled(in, "t1", null, "ann"),
                filled(in, null, "b"), set(in, Set.of(), Set.of("k"), Set.of("k", "m")),
                filled(in, null, List.of(new Line("x", 1L))), pick(in, Carry.values()), pick(in, PutMode.values()),
                cond(in), bool(in));
    }

    private Cond cond(RandomnessSource in) {
        int c = draw(in, 6);
        return c < 4 ? Cond.NONE : c == 4 ? Cond.ABSENT : Cond.EQUALS;
    }

    private Target target(RandomnessSource in) {
        return new Target(pick(in, Kind.values()), draw(in, 2), draw(in, 4));
    }

    private List<Target> targets(RandomnessSource in, int min, int max) {
        int n = min + draw(in, max - min + 1);
        List<Target> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(target(in));
        }
        return out;
    }

    List<Edit> edits(RandomnessSource in, Kind kind) {
        List<Edit> pool = switch (kind) {
            case ACCOUNT -> accountEdits();
            case ORDER -> orderEdits();
            case NOTE -> noteEdits();
        };
        int n = 1 + draw(in, 3);
        List<Edit> out = new ArrayList<>();
        Set<String> tops = new HashSet<>();
        for (int i = 0; i < n; i++) {
            Edit e = pick(in, pool);
            if (tops.add(e.top())) {
                out.add(e);
            }
        }
        return out;
    }

    private List<Edit> accountEdits() {
        List<Edit> pool = new ArrayList<>(List.of(
                new Edit(Op.SET, "name", "bo"), new Edit(Op.REMOVE, "name", null),
                new Edit(Op.SET_IF_ABSENT, "name", "dee"), new Edit(Op.INCREMENT, "balance", 5L),
                new Edit(Op.DECREMENT, "balance", 2L), new Edit(Op.ADD, "balance", 3L),
                new Edit(Op.APPEND, "notes", List.of("n3")), new Edit(Op.PREPEND, "notes", List.of("n0")),
                new Edit(Op.SET, "profile", new Profile("Kyiv", 2L)), new Edit(Op.REMOVE, "profile", null),
                new Edit(Op.INCREMENT, "profile.visits", 1L), new Edit(Op.SET, "profile.city", "Rome"),
                new Edit(Op.SET, "email", "e9@x.org"), new Edit(Op.REMOVE, "balance", null)));
        stamps(pool, new Edit(Op.SET, "createdAt", ModelClock.START.toString()), new Edit(Op.REMOVE, "updatedAt", null));
        sets(pool, "tags", List.of("red", "green"), List.of("red"));
        expiries(pool);
        return pool;
    }

    private List<Edit> orderEdits() {
        List<Edit> pool = new ArrayList<>(List.of(
                new Edit(Op.SET, "status", "paid"), new Edit(Op.REMOVE, "status", null),
                new Edit(Op.SET, "total", 20L), new Edit(Op.SET, "total", -5L), new Edit(Op.REMOVE, "total", null),
                new Edit(Op.INCREMENT, "qty", 2L), new Edit(Op.ADD, "qty", 1L), new Edit(Op.DECREMENT, "qty", 1L),
                new Edit(Op.SUM_OF, "qty", 1L, "total"), new Edit(Op.SET, "counts", Map.of("a", 5L)),
                new Edit(Op.INCREMENT, "counts.a", 1L), new Edit(Op.REMOVE, "counts", null),
                new Edit(Op.APPEND, "lines", List.of("l2"))));
        stamps(pool, new Edit(Op.SET, "created", 5L), new Edit(Op.REMOVE, "updated", null));
        sets(pool, "ratings", List.of(4L, 6L), List.of(4L));
        expiries(pool);
        return pool;
    }

    private List<Edit> noteEdits() {
        List<Edit> pool = new ArrayList<>(List.of(
                new Edit(Op.SET, "title", "t2"), new Edit(Op.SET, "topic", "y"), new Edit(Op.REMOVE, "topic", null),
                new Edit(Op.SET, "body", "b2"), new Edit(Op.REMOVE, "body", null),
                new Edit(Op.SET_IF_ABSENT, "body", "b0"), new Edit(Op.APPEND, "lines", List.of(new Line("y", 2L)))));
        stamps(pool, new Edit(Op.REMOVE, "touched", null));
        sets(pool, "labels", List.of("k", "q"), List.of("k"));
        return pool;
    }

    private void sets(List<Edit> pool, String path, List<?> add, List<?> delete) {
        if (!explore.setsAsLists()) {
            pool.add(new Edit(Op.ADD_TO_SET, path, add));
            pool.add(new Edit(Op.DELETE_FROM_SET, path, delete));
        }
    }

    /** Updates that set the creation time or remove the update time: refused, as one of the version is. */
    private void stamps(List<Edit> pool, Edit... refused) {
        if (!explore.noStampEdits()) {
            pool.addAll(List.of(refused));
        }
    }

    private void expiries(List<Edit> pool) {
        if (!explore.noExpiry()) {
            pool.add(new Edit(Op.SET, "expiresAt", new Expiry(30)));
            pool.add(new Edit(Op.REMOVE, "expiresAt", null));
        }
    }

    private Update update(RandomnessSource in) {
        Kind kind = pick(in, Kind.values());
        return new Update(kind, draw(in, 2), draw(in, 4), edits(in, kind), bool(in),
                kind.versioned ? pick(in, Expected.values()) : Expected.NONE, cond(in), pick(in, Returning.values()),
                bool(in));
    }

    private Delete delete(RandomnessSource in) {
        Kind kind = pick(in, Kind.values());
        return new Delete(kind, draw(in, 2), draw(in, 4), kind.versioned ? pick(in, Expected.values()) : Expected.NONE,
                cond(in), bool(in), bool(in));
    }

    private BatchWrite batchWrite(RandomnessSource in) {
        int puts = draw(in, 4);
        List<Put> p = new ArrayList<>();
        for (int i = 0; i < puts; i++) {
            p.add(putOrderIn(in, false));
        }
        List<Target> deletes = new ArrayList<>();
        int n = draw(in, 3);
        for (int i = 0; i < n; i++) {
            deletes.add(draw(in, 6) == 0 ? target(in) : new Target(Kind.ORDER, draw(in, 2), draw(in, 4)));
        }
        return new BatchWrite(p, deletes, bool(in));
    }

    private TransactWrite transactWrite(RandomnessSource in) {
        if (draw(in, 10) == 0) {
            return new TransactWrite(List.of(update(in)), bool(in));
        }
        int n = 1 + draw(in, 3);
        List<Command> actions = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int kind = draw(in, 5);
            Command c = switch (kind) {
                case 0 -> putOrderIn(in, true);
                case 1 -> {
                    PutNote note = putNote(in);
                    yield new PutNote(note.slot(), note.topic(), note.title(), note.body(), note.labels(), note.lines(),
                            note.carry(), note.mode(), note.cond(), false);
                }
                case 2 -> {
                    Update u = update(in);
                    Kind k = u.kind() == Kind.ACCOUNT ? Kind.ORDER : u.kind();
                    yield new Update(k, u.shop(), u.slot(), edits(in, k), u.upsert(),
                            k.versioned ? u.version() : Expected.NONE, u.cond(), Returning.NONE, false);
                }
                case 3 -> {
                    Delete d = delete(in);
                    Kind k = d.kind() == Kind.ACCOUNT ? Kind.NOTE : d.kind();
                    yield new Delete(k, d.shop(), d.slot(), k.versioned ? d.version() : Expected.NONE, d.cond(), false,
                            false);
                }
                default -> {
                    Target t = target(in);
                    yield new Check(t.kind() == Kind.ACCOUNT ? Kind.ORDER : t.kind(), t.shop(), t.slot(),
                            cond(in) == Cond.EQUALS ? Cond.EQUALS : Cond.ABSENT);
                }
            };
            actions.add(c);
        }
        return new TransactWrite(actions, bool(in));
    }

    private Query query(RandomnessSource in) {
        Over over = pick(in, Over.values());
        return new Query(over, draw(in, 2), draw(in, 4), draw(in, 4), bool(in), draw(in, 4), bool(in), bool(in),
                bool(in));
    }
}
