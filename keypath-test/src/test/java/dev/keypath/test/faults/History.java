package dev.keypath.test.faults;

import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.IdAllocationException;
import dev.keypath.dynamodb.TableLayoutMismatchException;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.WriteOutcomeUnknownException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Every operation the clients of a history run invoked, with what they were told. Thread-safe.
 */
final class History {
    /** What a client was told. */
    enum Outcome {
        /** It returned: the write was applied, once. */
        OK,
        /**
         * A typed exception that promises nothing was written (a conflict, a cancelled transaction, the table's
         * refusal of a write its declaration may no longer make: {@link TableLayoutMismatchException}).
         */
        FAILED,
        /** It may have been applied once, or not at all ({@code WriteOutcomeUnknownException}, an SDK failure). */
        UNKNOWN
    }

    /** The kinds of operation. */
    enum Kind {
        REGISTER_PUT, REGISTER_UPDATE, REGISTER_READ_MODIFY_WRITE, MEMBER_MOVE, SLIP_CREATE, SLIP_UPDATE,
        SLIP_DELETE, COUNTER_TRANSACTION, TALLY_INCREMENT
    }

    /**
     * One operation.
     *
     * @param id       unique; written into the item by the operation
     * @param client   the client that ran it
     * @param async    whether through the asynchronous table
     * @param kind     what it did
     * @param target   the item's name (register, member id, counter, tally) or book
     * @param amount   what it added, for the kinds that add
     * @param detail   the e-mail address a member moved to, the version a slip write expected
     * @param slipId   the slip written (the id a create was told, or -1)
     * @param invoked  {@link System#nanoTime()} when invoked
     * @param returned {@link System#nanoTime()} when the outcome was known
     * @param outcome  what the client was told
     * @param error    the exception's class and message, or null
     */
    record Op(String id, int client, boolean async, Kind kind, String target, long amount, String detail, long slipId,
              long invoked, long returned, Outcome outcome, String error) {
    }

    private final List<Op> ops = new ArrayList<>();
    private final List<String> surprises = new ArrayList<>();

    synchronized void add(Op op) {
        ops.add(op);
    }

    /** An exception no outcome explains (a bug of the library or of the run): an anomaly in itself. */
    synchronized void surprise(String what) {
        surprises.add(what);
    }

    synchronized List<Op> ops() {
        return List.copyOf(ops);
    }

    synchronized List<String> surprises() {
        return List.copyOf(surprises);
    }

    /** Operations per outcome. */
    synchronized Map<Outcome, Long> outcomes() {
        Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            counts.put(o, ops.stream().filter(op -> op.outcome() == o).count());
        }
        return counts;
    }

    /** The exception a call ended with, out of the future's wrapping. */
    static Throwable unwrap(Throwable e) {
        while ((e instanceof CompletionException || e instanceof ExecutionException) && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }

    /** What the client was told by {@code e} (null: it returned); null when no outcome explains {@code e}. */
    static Outcome outcomeOf(Throwable e) {
        if (e == null) {
            return Outcome.OK;
        }
        if (e instanceof WriteOutcomeUnknownException || e instanceof SdkException) {
            return Outcome.UNKNOWN;
        }
        if (e instanceof ConditionFailedException || e instanceof TransactionFailedException
                || e instanceof IdAllocationException || e instanceof TableLayoutMismatchException) {
            return Outcome.FAILED;
        }
        return null;
    }
}
