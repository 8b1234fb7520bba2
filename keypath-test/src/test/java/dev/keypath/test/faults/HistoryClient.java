package dev.keypath.test.faults;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
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
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * One client of a history run: random operations, one after another, through a synchronous or an asynchronous
 * table, each recorded in the {@link History} with what the client was told. A read that an operation needs first
 * and that fails leaves the operation uninvoked. Slips are written only by the client that created them, which
 * stops writing a slip once a write of it had an unknown outcome (an application would read it first). Not
 * thread-safe: one thread per client.
 */
final class HistoryClient implements Runnable {
    private static final Kind[] MIX = {
        Kind.REGISTER_PUT, Kind.REGISTER_PUT, Kind.REGISTER_PUT,
        Kind.REGISTER_UPDATE, Kind.REGISTER_UPDATE, Kind.REGISTER_UPDATE,
        Kind.REGISTER_READ_MODIFY_WRITE, Kind.REGISTER_READ_MODIFY_WRITE,
        Kind.MEMBER_MOVE, Kind.MEMBER_MOVE,
        Kind.SLIP_CREATE, Kind.SLIP_CREATE, Kind.SLIP_CREATE, Kind.SLIP_UPDATE, Kind.SLIP_UPDATE, Kind.SLIP_DELETE,
        Kind.COUNTER_TRANSACTION, Kind.COUNTER_TRANSACTION, Kind.TALLY_INCREMENT, Kind.TALLY_INCREMENT};

    /** A slip this client created and may still write, with its version. */
    private record OwnSlip(String book, long id, long version) {
        KeyPath path() {
            return KeyPath.of("book", book).then("slip", id);
        }
    }

    private final int index;
    private final KeyPathTable sync;
    private final KeyPathAsyncTable async;
    private final HistoryWorld world;
    private final History history;
    private final int operations;
    private final SplittableRandom random;
    private final List<OwnSlip> slips = new ArrayList<>();
    private int sequence;

    /** A client over {@code sync}, or over {@code async} when that is not null. */
    HistoryClient(int index, KeyPathTable sync, KeyPathAsyncTable async, HistoryWorld world, History history,
                  int operations, long seed) {
        this.index = index;
        this.sync = sync;
        this.async = async;
        this.world = world;
        this.history = history;
        this.operations = operations;
        this.random = new SplittableRandom(seed * 31 + index);
    }

    @Override
    public void run() {
        for (int i = 0; i < operations; i++) {
            Kind kind = MIX[random.nextInt(MIX.length)];
            if ((kind == Kind.SLIP_UPDATE || kind == Kind.SLIP_DELETE) && slips.isEmpty()) {
                kind = Kind.SLIP_CREATE;
            }
            switch (kind) {
                case REGISTER_PUT, REGISTER_UPDATE -> register(kind);
                case REGISTER_READ_MODIFY_WRITE -> readModifyWrite();
                case MEMBER_MOVE -> moveMember();
                case SLIP_CREATE -> createSlip();
                case SLIP_UPDATE, SLIP_DELETE -> writeSlip(kind);
                case COUNTER_TRANSACTION -> countWithReceipt();
                case TALLY_INCREMENT -> incrementTally();
            }
        }
    }

    private String nextOp() {
        return "c" + index + "." + Integer.toString(sequence++, 36);
    }

    private long amount() {
        return 1 + random.nextInt(9);
    }

    private void register(Kind kind) {
        String name = world.register(random);
        KeyPath path = KeyPath.of("register", name);
        Optional<Register> read = read(Register.class, path);
        if (read == null || read.isEmpty()) {
            return;
        }
        Register r = read.get();
        String op = nextOp();
        long amount = amount();
        if (kind == Kind.REGISTER_PUT) {
            invoke(op, kind, name, amount, null, -1, () -> sync.put(r.next(op, amount)),
                    () -> async.put(r.next(op, amount)));
            return;
        }
        UpdateItem<Register> update = UpdateItem.builder(Register.class, path, UpdateSpec.of(u -> u
                .increment("value", amount).append("ops", List.of(op)).expectedVersion(r.version())
                .requestToken("lastRequest", op))).build();
        invoke(op, kind, name, amount, null, -1, () -> sync.update(update), () -> async.update(update));
    }

    private void readModifyWrite() {
        String name = world.register(random);
        KeyPath path = KeyPath.of("register", name);
        String op = nextOp();
        long amount = amount();
        invoke(op, Kind.REGISTER_READ_MODIFY_WRITE, name, amount, null, -1,
                () -> sync.readModifyWrite(4, tx -> tx.put(tx.read(Register.class, path).orElseThrow()
                        .next(op, amount))),
                () -> async.readModifyWrite(4, tx -> tx.read(Register.class, path)
                        .thenApply(r -> tx.put(r.orElseThrow().next(op, amount)))));
    }

    private void moveMember() {
        String id = world.member(random);
        KeyPath path = KeyPath.of("member", java.util.UUID.fromString(id));
        Optional<Member> read = read(Member.class, path);
        if (read == null || read.isEmpty()) {
            return;
        }
        String email = world.email(random, read.get().email());
        String op = nextOp();
        Member moved = read.get().movedTo(email, op);
        invoke(op, Kind.MEMBER_MOVE, id, 0, email, -1, () -> sync.put(moved), () -> async.put(moved));
    }

    private void createSlip() {
        String book = world.book(random);
        String op = nextOp();
        Slip slip = new Slip(book, 0, op, null, null);
        long invoked = System.nanoTime();
        Throwable error = null;
        Slip stored = null;
        try {
            stored = call(() -> sync.put(slip), () -> async.put(slip));
        } catch (RuntimeException e) {
            error = History.unwrap(e);
        }
        long id = stored != null ? stored.slipId() : idOf(error);
        Outcome outcome = record(op, Kind.SLIP_CREATE, book, 0, null, id, invoked, error);
        if (outcome == Outcome.OK) {
            slips.add(new OwnSlip(book, id, 1));
        }
    }

    private void writeSlip(Kind kind) {
        OwnSlip slip = slips.remove(random.nextInt(slips.size()));
        String op = nextOp();
        String expected = Long.toString(slip.version());
        Outcome outcome;
        if (kind == Kind.SLIP_UPDATE) {
            UpdateSpec spec = UpdateSpec.of(u -> u.set("note", op).expectedVersion(slip.version()));
            outcome = invoke(op, kind, slip.book(), 0, expected, slip.id(),
                    () -> sync.update(Slip.class, slip.path(), spec), () -> async.update(Slip.class, slip.path(), spec));
        } else {
            DeleteItem<Slip> delete = DeleteItem.builder(Slip.class, slip.path()).expectedVersion(slip.version())
                    .build();
            outcome = invoke(op, kind, slip.book(), 0, expected, slip.id(), () -> sync.delete(delete),
                    () -> async.delete(delete));
        }
        if (kind == Kind.SLIP_UPDATE && outcome == Outcome.OK) {
            slips.add(new OwnSlip(slip.book(), slip.id(), slip.version() + 1));
        }
    }

    private void countWithReceipt() {
        String counter = world.counter(random);
        String op = nextOp();
        long amount = amount();
        KeyPath path = KeyPath.of("counter", counter);
        invoke(op, Kind.COUNTER_TRANSACTION, counter, amount, null, -1,
                () -> sync.transact(tx -> tx.put(new Receipt(op, counter, amount), PutMode.CREATE_ONLY)
                        .update(Counter.class, path, UpdateSpec.of(u -> u.add("total", amount)))),
                () -> async.transact(tx -> tx.put(new Receipt(op, counter, amount), PutMode.CREATE_ONLY)
                        .update(Counter.class, path, UpdateSpec.of(u -> u.add("total", amount)))));
    }

    private void incrementTally() {
        String tally = world.tally(random);
        KeyPath path = KeyPath.of("tally", tally);
        UpdateSpec once = UpdateSpec.of(u -> u.increment("count", 1));
        invoke(nextOp(), Kind.TALLY_INCREMENT, tally, 1, null, -1, () -> sync.update(Tally.class, path, once),
                () -> async.update(Tally.class, path, once));
    }

    /** A strongly consistent read, or null when it failed (the operation that needs it is not invoked). */
    private <T> Optional<T> read(Class<T> type, KeyPath path) {
        try {
            return call(() -> sync.get(type, path, ReadConsistency.STRONG),
                    () -> async.get(type, path, ReadConsistency.STRONG));
        } catch (RuntimeException e) {
            if (History.outcomeOf(History.unwrap(e)) == null) {
                history.surprise("read of " + path + ": " + e);
            }
            return null;
        }
    }

    private Outcome invoke(String op, Kind kind, String target, long amount, String detail, long slipId,
                           Supplier<?> viaSync, Supplier<CompletableFuture<?>> viaAsync) {
        long invoked = System.nanoTime();
        Throwable error = null;
        try {
            call(viaSync, viaAsync);
        } catch (RuntimeException e) {
            error = History.unwrap(e);
        }
        return record(op, kind, target, amount, detail, slipId, invoked, error);
    }

    private Outcome record(String op, Kind kind, String target, long amount, String detail, long slipId,
                           long invoked, Throwable error) {
        Outcome outcome = History.outcomeOf(error);
        if (outcome == null) {
            history.surprise(op + " (" + kind + " " + target + "): " + error);
            outcome = Outcome.UNKNOWN;
        }
        history.add(new Op(op, index, async != null, kind, target, amount, detail, slipId, invoked, System.nanoTime(),
                outcome, error == null ? null : error.getClass().getSimpleName() + ": " + error.getMessage()));
        return outcome;
    }

    /** The slip id an exception names, or -1. */
    private static long idOf(Throwable error) {
        if (error instanceof KeyPathDynamoException k && k.keyPath().isPresent() && k.keyPath().get().size() == 2) {
            return k.keyPath().get().id(1).asLong();
        }
        return -1;
    }

    @SuppressWarnings("unchecked")
    private <T> T call(Supplier<T> viaSync, Supplier<? extends CompletableFuture<?>> viaAsync) {
        if (async == null) {
            return viaSync.get();
        }
        try {
            return (T) viaAsync.get().get();
        } catch (ExecutionException e) {
            Throwable cause = History.unwrap(e);
            throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
