package dev.keypath.test.faults;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.test.faults.History.Kind;
import dev.keypath.test.faults.History.Op;
import dev.keypath.test.faults.History.Outcome;
import dev.keypath.test.faults.HistoryModel.Counter;
import dev.keypath.test.faults.HistoryModel.Member;
import dev.keypath.test.faults.HistoryModel.Receipt;
import dev.keypath.test.faults.HistoryModel.Register;
import dev.keypath.test.faults.HistoryModel.Slip;
import dev.keypath.test.faults.HistoryModel.Tally;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Checks a history against the final table, read without faults: every acknowledged write is there, no write is
 * there that nobody issued, none is there twice, none that was reported failed left a trace, and an unknown
 * outcome went one way or the other, once:
 * <ul>
 *   <li>registers and members list the operations applied to them: no repeats, only issued and not failed ones,
 *       every acknowledged one, in an order that real time allows (one that finished before another began comes
 *       first); their versions count them; a register's value is the sum of their amounts; a member holds the
 *       address of its last one;</li>
 *   <li>each unique address is held by at most one member, through an alias item that points at it, and every
 *       alias item points at a member that holds it;</li>
 *   <li>slips are where their creates were told they are, once each; a slip's state is what its acknowledged
 *       writes made it (either side of an unknown one); sequence ids grow with real time;</li>
 *   <li>each counter's total is the sum of its receipts, one per applied transaction, one for every acknowledged
 *       one;</li>
 *   <li>a tally (increments without a version) counts at least every acknowledged increment and at most every
 *       one that may have been applied.</li>
 * </ul>
 */
final class HistoryChecker {
    private final History history;
    private final KeyPathTable table;
    private final DynamoDbClient raw;
    private final HistoryWorld world;
    private final List<Op> ops;
    private final Map<String, Op> byId = new HashMap<>();
    private final List<String> anomalies = new ArrayList<>();

    HistoryChecker(History history, KeyPathTable table, DynamoDbClient raw, HistoryWorld world) {
        this.history = history;
        this.table = table;
        this.raw = raw;
        this.world = world;
        this.ops = history.ops();
        ops.forEach(op -> byId.put(op.id(), op));
    }

    /** Every anomaly found; empty when the history is consistent with the table. */
    List<String> check() {
        history.surprises().forEach(s -> anomalies.add("unexpected exception: " + s));
        EnumSet<Kind> registerKinds = EnumSet.of(Kind.REGISTER_PUT, Kind.REGISTER_UPDATE,
                Kind.REGISTER_READ_MODIFY_WRITE);
        for (String name : world.registers()) {
            Register r = table.get(Register.class, KeyPath.of("register", name), ReadConsistency.STRONG).orElseThrow();
            List<Op> applied = chain("register " + name, name, r.ops(), r.version(), registerKinds);
            long sum = applied.stream().mapToLong(Op::amount).sum();
            if (r.value() != sum) {
                anomalies.add("register " + name + " holds " + r.value() + ", but its operations add up to " + sum);
            }
        }
        checkMembers();
        checkSlips();
        checkCounters();
        checkTallies();
        return anomalies;
    }

    /**
     * The chain of operations {@code applied} to one item (as it lists them), checked; the operations found.
     */
    private List<Op> chain(String what, String target, List<String> applied, long version, Set<Kind> kinds) {
        List<Op> found = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String id : applied) {
            Op op = byId.get(id);
            if (!seen.add(id)) {
                anomalies.add(what + ": operation " + id + " applied twice");
            } else if (op == null || !kinds.contains(op.kind()) || !op.target().equals(target)) {
                anomalies.add(what + ": holds " + id + ", which nobody issued for it");
            } else if (op.outcome() == Outcome.FAILED) {
                anomalies.add(what + ": holds " + id + ", reported failed: " + op.error());
            } else {
                found.add(op);
            }
        }
        for (Op op : ops) {
            if (kinds.contains(op.kind()) && op.target().equals(target) && op.outcome() == Outcome.OK
                    && !seen.contains(op.id())) {
                anomalies.add(what + ": acknowledged " + op.kind() + " " + op.id() + " is not there");
            }
        }
        if (version != 1 + applied.size()) {
            anomalies.add(what + ": version " + version + " after " + applied.size() + " writes");
        }
        long earliestLaterReturn = Long.MAX_VALUE;
        for (int i = found.size() - 1; i >= 0; i--) {
            Op op = found.get(i);
            if (earliestLaterReturn < op.invoked()) {
                anomalies.add(what + ": " + op.id() + " is ordered before a write that returned before it began");
            }
            earliestLaterReturn = Math.min(earliestLaterReturn, op.returned());
        }
        return found;
    }

    private void checkMembers() {
        Map<String, KeyPath> aliases = aliasItems();
        Map<String, String> holders = new HashMap<>();
        for (String id : world.members()) {
            KeyPath path = KeyPath.of("member", UUID.fromString(id));
            Member m = table.get(Member.class, path, ReadConsistency.STRONG).orElseThrow();
            List<Op> applied = chain("member " + id, id, m.ops(), m.version(), EnumSet.of(Kind.MEMBER_MOVE));
            String expected = applied.isEmpty() ? world.firstEmail(id) : applied.get(applied.size() - 1).detail();
            if (!m.email().equals(expected)) {
                anomalies.add("member " + id + " holds " + m.email() + ", but its last write moved it to " + expected);
            }
            String other = holders.put(m.email(), id);
            if (other != null) {
                anomalies.add("members " + other + " and " + id + " both hold " + m.email());
            }
            if (!path.equals(aliases.get(m.email()))) {
                anomalies.add("member " + id + " holds " + m.email() + ", whose alias points at "
                        + aliases.get(m.email()));
            }
        }
        aliases.forEach((email, target) -> {
            String holder = holders.get(email);
            if (holder == null || !KeyPath.of("member", UUID.fromString(holder)).equals(target)) {
                anomalies.add("the alias of " + email + " points at " + target + ", which does not hold it");
            }
        });
    }

    /** Per unique address, the key path its alias item points at, read raw (the stored format of FORMAT.md). */
    private Map<String, KeyPath> aliasItems() {
        Map<String, KeyPath> aliases = new HashMap<>();
        raw.scanPaginator(s -> s.tableName(table.tableName()).consistentRead(true).filterExpression("#t = :alias")
                .expressionAttributeNames(Map.of("#t", "_type"))
                .expressionAttributeValues(Map.of(":alias", AttributeValue.fromS("_kp_alias")))).items().forEach(i -> {
                    KeyPath alias = KeyPath.parse(KeyPath.decode(bytes(i.get("pk")), bytes(i.get("sk"))).id(0)
                            .asString());
                    aliases.put(alias.id(0).asString(), KeyPath.decode(bytes(i.get("tpk")), bytes(i.get("tsk"))));
                });
        return aliases;
    }

    private static byte[] bytes(AttributeValue v) {
        return v.b().asByteArray();
    }

    private void checkSlips() {
        Map<String, Slip> stored = new HashMap<>();
        for (String book : world.books()) {
            table.stream(Slip.class, ItemQuery.of(q -> q.subtree(KeyPath.of("book", book))
                    .consistency(ReadConsistency.STRONG))).forEach(s -> stored.put(book + "/" + s.slipId(), s));
        }
        Set<String> creators = new HashSet<>();
        stored.forEach((key, s) -> {
            Op create = byId.get(s.createdBy());
            if (!creators.add(s.createdBy())) {
                anomalies.add("slip create " + s.createdBy() + " stored twice");
            }
            if (create == null || create.kind() != Kind.SLIP_CREATE || !create.target().equals(s.book())) {
                anomalies.add("slip " + key + " was created by " + s.createdBy() + ", which nobody issued");
            } else if (create.outcome() == Outcome.FAILED) {
                anomalies.add("slip " + key + " was created by " + s.createdBy() + ", reported failed: "
                        + create.error());
            } else if (create.outcome() == Outcome.OK && create.slipId() != s.slipId()) {
                anomalies.add("slip create " + create.id() + " was told id " + create.slipId() + " but stored "
                        + key);
            }
        });
        Map<String, List<Op>> writes = new HashMap<>();
        for (Op op : ops) {
            if (op.kind() == Kind.SLIP_UPDATE || op.kind() == Kind.SLIP_DELETE) {
                writes.computeIfAbsent(op.target() + "/" + op.slipId(), k -> new ArrayList<>()).add(op);
            }
        }
        for (Op create : ops) {
            if (create.kind() == Kind.SLIP_CREATE && create.outcome() == Outcome.OK) {
                String key = create.target() + "/" + create.slipId();
                List<Op> later = new ArrayList<>(writes.getOrDefault(key, List.of()));
                later.sort(Comparator.comparingLong(Op::invoked));
                checkSlip(key, create, later, stored.get(key));
            }
        }
        for (String book : world.books()) {
            checkSequence(book);
        }
    }

    /** A slip written by one client: its state follows from the acknowledged writes, either side of an unknown. */
    private void checkSlip(String key, Op create, List<Op> later, Slip found) {
        SlipState state = new SlipState(true, 1, null);
        SlipState alternative = null;
        for (Op op : later) {
            if (op.outcome() == Outcome.FAILED) {
                anomalies.add("slip " + key + ": " + op.kind() + " " + op.id() + " of a slip nobody else writes "
                        + "failed: " + op.error());
                return;
            }
            SlipState after = op.kind() == Kind.SLIP_DELETE ? new SlipState(false, 0, null)
                    : new SlipState(true, state.version() + 1, op.id());
            if (op.outcome() == Outcome.UNKNOWN) {
                alternative = after;
            } else {
                state = after;
            }
        }
        SlipState seen = found == null ? new SlipState(false, 0, null)
                : new SlipState(true, found.version(), found.note());
        if (!seen.equals(state) && !seen.equals(alternative)) {
            anomalies.add("slip " + key + " created by " + create.id() + " is " + seen + ", but its writes made it "
                    + state + (alternative == null ? "" : " or " + alternative));
        }
    }

    private record SlipState(boolean present, long version, String note) {
    }

    /** Sequence ids of acknowledged creates grow with real time: one that returned before another began is lower. */
    private void checkSequence(String book) {
        List<Op> creates = ops.stream().filter(op -> op.kind() == Kind.SLIP_CREATE && op.outcome() == Outcome.OK
                && op.target().equals(book)).toList();
        List<Op> byReturn = creates.stream().sorted(Comparator.comparingLong(Op::returned)).toList();
        List<Op> byInvoke = creates.stream().sorted(Comparator.comparingLong(Op::invoked)).toList();
        int done = 0;
        Op highest = null;
        for (Op b : byInvoke) {
            while (done < byReturn.size() && byReturn.get(done).returned() < b.invoked()) {
                Op a = byReturn.get(done++);
                highest = highest == null || a.slipId() > highest.slipId() ? a : highest;
            }
            if (highest != null && highest.slipId() >= b.slipId()) {
                anomalies.add("book " + book + ": slip " + b.id() + " got id " + b.slipId() + ", not above id "
                        + highest.slipId() + " of " + highest.id() + ", which returned before it began");
            }
        }
    }

    private void checkCounters() {
        Map<String, Long> sums = new HashMap<>();
        Set<String> receipts = new HashSet<>();
        table.scanInParallel(ItemScan.of(s -> s.types(Receipt.class).consistency(ReadConsistency.STRONG)), 2)
                .map(Receipt.class::cast).forEach(r -> {
                    synchronized (receipts) {
                        receipts.add(r.requestId());
                        sums.merge(r.counter(), r.amount(), Long::sum);
                        Op op = byId.get(r.requestId());
                        if (op == null || op.kind() != Kind.COUNTER_TRANSACTION || !op.target().equals(r.counter())
                                || op.amount() != r.amount()) {
                            anomalies.add("receipt " + r + " was issued by nobody");
                        } else if (op.outcome() == Outcome.FAILED) {
                            anomalies.add("receipt " + r + " of a transaction reported failed: " + op.error());
                        }
                    }
                });
        for (Op op : ops) {
            if (op.kind() == Kind.COUNTER_TRANSACTION && op.outcome() == Outcome.OK && !receipts.contains(op.id())) {
                anomalies.add("acknowledged transaction " + op.id() + " left no receipt");
            }
        }
        for (String c : world.counters()) {
            long total = table.get(Counter.class, KeyPath.of("counter", c), ReadConsistency.STRONG).orElseThrow().total();
            if (!Objects.equals(total, sums.getOrDefault(c, 0L))) {
                anomalies.add("counter " + c + " totals " + total + ", its receipts " + sums.getOrDefault(c, 0L));
            }
        }
    }

    private void checkTallies() {
        for (String t : world.tallies()) {
            long count = table.get(Tally.class, KeyPath.of("tally", t), ReadConsistency.STRONG).orElseThrow().count();
            long ok = 0;
            long unknown = 0;
            for (Op op : ops) {
                if (op.kind() == Kind.TALLY_INCREMENT && op.target().equals(t)) {
                    switch (op.outcome()) {
                        case OK -> ok++;
                        case UNKNOWN -> unknown++;
                        case FAILED -> anomalies.add("increment " + op.id() + " of tally " + t + " failed: "
                                + op.error());
                    }
                }
            }
            if (count < ok || count > ok + unknown) {
                anomalies.add("tally " + t + " counts " + count + ", outside " + ok + " acknowledged to " + (ok
                        + unknown) + " possibly applied");
            }
        }
    }
}
