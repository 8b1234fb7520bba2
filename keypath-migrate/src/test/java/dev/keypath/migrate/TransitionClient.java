package dev.keypath.migrate;

import dev.keypath.migrate.TransitionHistory.Outcome;
import dev.keypath.migrate.TransitionHistory.Read;
import dev.keypath.migrate.TransitionHistory.Write;
import dev.keypath.migrate.TransitionItems.Snapshot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One client of a transition history: random puts (a get, then the next state under the version read), updates (a
 * get, then an increment and an append under its version), gets and queries of contended items, one after another,
 * through one declaration's {@link TransitionItems}, each recorded in the {@link TransitionHistory}. A get that a
 * write needs and that fails leaves the write uninvoked. Not thread-safe: one thread per client.
 */
final class TransitionClient implements Runnable {
    private final int index;
    private final TransitionItems items;
    private final int itemCount;
    private final TransitionHistory history;
    private final int operations;
    private final AtomicInteger done;
    private final AtomicLong unreadable;
    private final SplittableRandom random;
    private int sequence;

    /**
     * A client of {@code operations} over items 0 to {@code itemCount - 1}, counting each in {@code done} and each
     * read its declaration cannot make in {@code unreadable}.
     */
    TransitionClient(int index, TransitionItems items, int itemCount, TransitionHistory history, int operations,
                     AtomicInteger done, AtomicLong unreadable, long seed) {
        this.index = index;
        this.items = items;
        this.itemCount = itemCount;
        this.history = history;
        this.operations = operations;
        this.done = done;
        this.unreadable = unreadable;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public void run() {
        for (int i = 0; i < operations; i++) {
            long id = random.nextInt(itemCount);
            switch (random.nextInt(8)) {
                case 0, 1, 2 -> write(id, "put");
                case 3, 4, 5 -> write(id, "update");
                case 6 -> get(id);
                default -> query();
            }
            done.incrementAndGet();
        }
    }

    private void write(long id, String kind) {
        Optional<Snapshot> read = get(id);
        if (read == null || read.isEmpty()) {
            return;
        }
        String op = "c" + index + "." + Integer.toString(sequence++, 36);
        long amount = 1 + random.nextInt(9);
        long invoked = System.nanoTime();
        Throwable error = null;
        try {
            if (kind.equals("put")) {
                items.put(read.get(), op, amount);
            } else {
                items.update(read.get(), op, amount);
            }
        } catch (RuntimeException e) {
            error = TransitionHistory.unwrap(e);
        }
        Outcome outcome = TransitionHistory.outcomeOf(error);
        if (outcome == null) {
            history.surprise(op + " (" + items.instance() + " " + kind + " " + id + "): " + error);
            outcome = Outcome.UNKNOWN;
        }
        history.add(new Write(op, items.instance(), items.async(), kind, id, amount, invoked, System.nanoTime(),
                outcome, error == null ? null : error.getClass().getSimpleName() + ": " + error.getMessage()));
    }

    /** A get, recorded; null when it failed. */
    private Optional<Snapshot> get(long id) {
        long invoked = System.nanoTime();
        try {
            Optional<Snapshot> read = items.get(id);
            history.add(new Read(items.instance(), "get", id, invoked, System.nanoTime(),
                    read.map(Snapshot::ops).orElse(null)));
            return read;
        } catch (RuntimeException e) {
            failedRead("get of " + id, TransitionHistory.unwrap(e));
            return null;
        }
    }

    private void query() {
        long invoked = System.nanoTime();
        List<Snapshot> found;
        try {
            found = items.query();
        } catch (RuntimeException e) {
            failedRead("query", TransitionHistory.unwrap(e));
            return;
        }
        long returned = System.nanoTime();
        Map<Long, List<String>> seen = new HashMap<>();
        for (Snapshot s : found) {
            if (seen.put(s.id(), s.ops()) != null) {
                history.surprise(items.instance() + " query returned item " + s.id() + " twice");
            }
        }
        for (long id = 0; id < itemCount; id++) {
            history.add(new Read(items.instance(), "query", id, invoked, returned, seen.get(id)));
        }
    }

    private void failedRead(String what, Throwable e) {
        if (items.cannotRead(e)) {
            unreadable.incrementAndGet();
        } else if (TransitionHistory.outcomeOf(e) == null) {
            history.surprise(items.instance() + " " + what + ": " + e);
        }
    }
}
