package dev.keypath.migrate;

import dev.keypath.migrate.TransitionHistory.Outcome;
import dev.keypath.migrate.TransitionHistory.Read;
import dev.keypath.migrate.TransitionHistory.Write;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Checks a {@link TransitionHistory} against the final state of its items, each of which lists the writes applied
 * to it in order, counts them in its version and sums their amounts: every acknowledged write is applied exactly
 * once, no write reported failed (a conflict, a refusal by the layout record) left a trace, none that nobody issued
 * is there, the order is one real time allows, and every read saw a state the item went through (a prefix of its
 * final list) that holds every write acknowledged before the read began, if the reading declaration can read it.
 */
final class TransitionChecker {
    /**
     * An item as the table holds it at the end.
     *
     * @param ops     the writes applied, in order
     * @param version its version
     * @param balance the sum of the applied writes' amounts
     */
    record Final(List<String> ops, long version, long balance) {
    }

    private final TransitionHistory history;
    private final Map<String, Write> byId = new HashMap<>();
    private final List<String> anomalies = new ArrayList<>();

    TransitionChecker(TransitionHistory history) {
        this.history = history;
        history.writes().forEach(w -> byId.put(w.id(), w));
    }

    /**
     * Every anomaly of the items {@code finals} (id to final state, every item written), judging reads that
     * {@code canRead} says could see every acknowledged write; empty when the history is consistent.
     */
    List<String> check(Map<Long, Final> finals, Predicate<Read> canRead) {
        history.surprises().forEach(s -> anomalies.add("unexpected exception: " + s));
        Map<Long, List<Write>> acknowledged = new HashMap<>();
        for (Write w : history.writes()) {
            if (w.outcome() == Outcome.OK) {
                acknowledged.computeIfAbsent(w.target(), t -> new ArrayList<>()).add(w);
            }
            if (!finals.containsKey(w.target())) {
                anomalies.add("item " + w.target() + " written by " + w.id() + " is not in the table");
            }
        }
        finals.forEach((id, item) -> chain(id, item));
        for (Read r : history.reads()) {
            Final item = finals.get(r.target());
            if (item != null) {
                read(r, item, acknowledged.getOrDefault(r.target(), List.of()), canRead.test(r));
            }
        }
        return anomalies;
    }

    private void chain(long id, Final item) {
        String what = "item " + id;
        Set<String> seen = new HashSet<>();
        List<Write> found = new ArrayList<>();
        for (String op : item.ops()) {
            Write w = byId.get(op);
            if (!seen.add(op)) {
                anomalies.add(what + ": write " + op + " applied twice");
            } else if (w == null || w.target() != id) {
                anomalies.add(what + ": holds " + op + ", which nobody issued for it");
            } else if (w.outcome() == Outcome.FAILED) {
                anomalies.add(what + ": holds " + op + ", reported failed: " + w.error());
            } else {
                found.add(w);
            }
        }
        for (Write w : history.writes()) {
            if (w.target() == id && w.outcome() == Outcome.OK && !seen.contains(w.id())) {
                anomalies.add(what + ": acknowledged " + w.kind() + " " + w.id() + " of the " + w.instance()
                        + " declaration is not there");
            }
        }
        if (item.version() != 1 + item.ops().size()) {
            anomalies.add(what + ": version " + item.version() + " after " + item.ops().size() + " writes");
        }
        long sum = found.stream().mapToLong(Write::amount).sum();
        if (item.balance() != sum) {
            anomalies.add(what + " holds " + item.balance() + ", but its writes add up to " + sum);
        }
        long earliestLaterReturn = Long.MAX_VALUE;
        for (int i = found.size() - 1; i >= 0; i--) {
            Write w = found.get(i);
            if (earliestLaterReturn < w.invoked()) {
                anomalies.add(what + ": " + w.id() + " is ordered before a write that returned before it began");
            }
            earliestLaterReturn = Math.min(earliestLaterReturn, w.returned());
        }
    }

    private void read(Read r, Final item, List<Write> acknowledged, boolean judged) {
        String what = r.instance() + " " + r.how() + " of item " + r.target();
        if (r.ops() == null) {
            if (judged) {
                anomalies.add(what + " found nothing");
            }
            return;
        }
        List<String> all = item.ops();
        if (r.ops().size() > all.size() || !all.subList(0, r.ops().size()).equals(r.ops())) {
            anomalies.add(what + " saw " + r.ops() + ", a state the item never had (it ends " + all + ")");
            return;
        }
        if (!judged) {
            return;
        }
        Set<String> saw = new HashSet<>(r.ops());
        for (Write w : acknowledged) {
            if (w.returned() < r.invoked() && !saw.contains(w.id())) {
                anomalies.add(what + " misses " + w.id() + " (" + w.instance() + " " + w.kind()
                        + "), acknowledged " + (r.invoked() - w.returned()) / 1_000 + " µs before the read began");
            }
        }
    }
}
