package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.ReshardInProgressException;
import dev.keypath.dynamodb.TableLayoutMismatchException;
import dev.keypath.dynamodb.internal.request.DeclaredLayout;
import dev.keypath.dynamodb.internal.request.LayoutState;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * What one table knows of its layout record, and the rule its writes follow: the record is read at
 * {@code bootstrap()} and before the table's first write, then again before a write whenever the copy is older than
 * the refresh interval (reads never read it). The write that finds the copy three quarters of the way to that age
 * reads it for the others, which go on with the copy meanwhile. A write of a type whose declaration contradicts the
 * record is refused ({@link TableLayoutMismatchException}); while the switch of a declared re-shard is within its
 * clock margin, a write of the type waits until the margin has passed. Every request a write sends goes out while
 * the copy it was decided on is younger than twice the refresh interval (a switch is announced at least that far
 * ahead; an older copy is read again first) and, for a write to the former layout, before the switch's margin
 * begins ({@link #gate}). Thread-safe.
 */
final class TableLayouts {
    private final String table;
    private final List<DeclaredLayout> declared;
    private final long refreshMillis;
    private final long refreshNanos;
    private final Clock clock;
    private volatile LayoutSnapshot snapshot;
    /** When a write last took it on itself to read the record for the others (monotonic nanoseconds). */
    private final AtomicLong claimed = new AtomicLong(System.nanoTime() - Long.MAX_VALUE / 2);

    TableLayouts(String table, SchemaRegistry registry, Duration refresh, Clock clock) {
        this.table = table;
        List<DeclaredLayout> d = new ArrayList<>();
        for (DefaultItemSchema<?> s : registry.schemas()) {
            d.add(DeclaredLayout.of(s));
        }
        this.declared = List.copyOf(d);
        this.refreshMillis = Math.max(1, refresh.toMillis());
        this.refreshNanos = refresh.toNanos();
        this.clock = clock;
    }

    /** The reading of the record, which becomes the table's copy; its requests ask for {@code ask} (null: not asking). */
    Operation<LayoutSnapshot> read(ReturnConsumedCapacity ask) {
        return Operations.map(new LayoutSync(table, declared, refreshMillis, clock, ask), s -> {
            snapshot = s;
            return s;
        });
    }

    /**
     * The reading at {@code bootstrap()}: an {@link TableLayoutMismatchException} naming every type whose
     * declaration contradicts the record.
     */
    Operation<LayoutSnapshot> check(ReturnConsumedCapacity ask) {
        return Operations.map(read(ask), s -> {
            List<String> refusals = new ArrayList<>();
            for (LayoutState state : s.states().values()) {
                if (state.refusal() != null) {
                    refusals.add(state.refusal());
                }
            }
            if (!refusals.isEmpty()) {
                throw new TableLayoutMismatchException(String.join("; ", refusals));
            }
            return s;
        });
    }

    /**
     * The table's copy when a write may go on with it; null when this write is to read the record first: there is
     * no copy, it is as old as the refresh interval, or it is three quarters that old and no other write has taken
     * the reading on itself in the last quarter.
     */
    LayoutSnapshot usable() {
        LayoutSnapshot s = snapshot;
        if (s == null) {
            return null;
        }
        long now = System.nanoTime();
        long age = now - s.readNanos();
        if (age >= refreshNanos) {
            return null;
        }
        if (age < refreshNanos - refreshNanos / 4) {
            return s;
        }
        long last = claimed.get();
        return now - last > refreshNanos / 4 && claimed.compareAndSet(last, now) ? null : s;
    }

    /** What a write of {@code types} does by {@code s}: refused, waiting, or the types that write their former layout. */
    Decision decide(LayoutSnapshot s, Collection<Class<?>> types) {
        long now = clock.millis();
        Set<Class<?>> former = new LinkedHashSet<>();
        long waitUntil = 0;
        long formerUntil = Long.MAX_VALUE;
        for (Class<?> t : types) {
            LayoutState state = s.of(t);
            if (state == null) {
                continue;
            }
            switch (state.at(now)) {
                case REFUSED -> throw new TableLayoutMismatchException(state.refusal());
                case FORMER -> {
                    former.add(t);
                    formerUntil = Math.min(formerUntil, state.formerUntil());
                }
                case WAIT -> waitUntil = Math.max(waitUntil, state.newFrom());
                default -> {
                }
            }
        }
        return new Decision(Set.copyOf(former), waitUntil - now, formerUntil, s.readNanos() + 2 * refreshNanos);
    }

    /**
     * The decision of a write made without a fresh copy of the record: as the table's own registry writes, to be
     * read and decided anew before its first write request.
     */
    static Decision undecided() {
        return new Decision(Set.of(), 0, Long.MAX_VALUE, System.nanoTime() - 1);
    }

    /**
     * A write's decision.
     *
     * @param former      the types that write their former layout
     * @param waitMillis  how long the write waits before deciding again (a switch within its margin), or ≤ 0
     * @param formerUntil the epoch millisecond a write to the former layout must be sent before
     * @param sendBefore  the monotonic nanosecond every request of the write must be sent before
     */
    record Decision(Set<Class<?>> former, long waitMillis, long formerUntil, long sendBefore) {
    }

    /**
     * {@code write} of {@code types}, whose every write request is sent only while {@code decision} holds: when the
     * record it was decided on has become twice the refresh interval old (a switch is announced at least that far
     * ahead), the record is read again first, and a write to a former layout is not sent once the switch's margin
     * has begun. If the decision no longer holds before the write has sent a write request, the write starts over
     * as {@code again} builds it (deciding anew, waiting through the margin); after, it ends with a
     * {@link ReshardInProgressException} before that request, for the caller to send it again. The reading is the
     * write's: when the write is metered ({@link MeteredOperation}), its requests are metered as the write's own, so
     * that the write's capacity and report count them.
     */
    <T> Operation<T> gate(Operation<T> write, Collection<Class<?>> types, Decision decision,
                          ReturnConsumedCapacity ask, Supplier<Operation<T>> again) {
        return new Operation<>() {
            private Operation<T> current = write;
            private Decision holding = decision;
            private Operation<LayoutSnapshot> reading;
            private Step held;
            private boolean wrote;

            @Override
            public Step next() {
                if (reading != null) {
                    Step step = reading.next();
                    if (step != Step.DONE) {
                        return current instanceof MeteredOperation<?> write ? metered(write, step) : step;
                    }
                    Decision now = decide(reading.result(), types);
                    reading = null;
                    if (!now.former().equals(holding.former()) || now.waitMillis() > 0) {
                        return restart();
                    }
                    holding = now;
                    Step pending = held;
                    held = null;
                    return sent(pending);
                }
                Step step = current.next();
                if (step instanceof Step.Exchange<?, ?> e && writes(e.api())) {
                    if (!holding.former().isEmpty() && clock.millis() >= holding.formerUntil()) {
                        return restart();
                    }
                    if (System.nanoTime() - holding.sendBefore() > 0) {
                        held = step;
                        reading = read(ask);
                        return next();
                    }
                    return sent(step);
                }
                return step;
            }

            private Step sent(Step write) {
                wrote = true;
                return write;
            }

            /** The write decided anew, when nothing of it was written; else the refusal. */
            private Step restart() {
                ReshardInProgressException changed = changed();
                if (wrote) {
                    throw changed;
                }
                current.abandon(changed);
                current = again.get();
                holding = new Decision(Set.of(), 0, Long.MAX_VALUE, Long.MAX_VALUE); // the new write's own gate
                return current.next();
            }

            @Override
            public T result() {
                return current.result();
            }

            @Override
            public void abandon(Throwable reason) {
                current.abandon(reason);
            }
        };
    }

    /**
     * {@code step} of the record's reading, its requests metered as requests of {@code write}, whose report then
     * counts their capacity.
     */
    private static Step metered(MeteredOperation<?> write, Step step) {
        if (step instanceof Step.Exchange<?, ?> exchange) {
            return write.including(exchange);
        }
        if (step instanceof Step.Concurrent concurrent) {
            List<Step.Exchange<?, ?>> metered = new ArrayList<>(concurrent.exchanges().size());
            concurrent.exchanges().forEach(e -> metered.add(write.including(e)));
            return new Step.Concurrent(metered, concurrent.maxInFlight());
        }
        return step;
    }

    private static ReshardInProgressException changed() {
        return new ReshardInProgressException("The shard layout this write was decided on changed while it ran (the "
                + "switch of a re-shard to its new layout began); the rest of it was not sent: send the write again",
                null);
    }

    private static boolean writes(DynamoApi<?, ?> api) {
        return api == DynamoApi.PUT_ITEM || api == DynamoApi.UPDATE_ITEM || api == DynamoApi.DELETE_ITEM
                || api == DynamoApi.BATCH_WRITE_ITEM || api == DynamoApi.TRANSACT_WRITE_ITEMS;
    }

    /** A pause of {@code millis}, then nothing. */
    static Operation<Void> pause(long millis) {
        return new Operation<>() {
            private boolean paused;

            @Override
            public Step next() {
                if (paused) {
                    return Step.DONE;
                }
                paused = true;
                return new Step.Pause(millis, () -> new ReshardInProgressException("Interrupted while waiting for the "
                        + "switch of a re-shard to pass its clock margin", null));
            }

            @Override
            public Void result() {
                return null;
            }
        };
    }
}
