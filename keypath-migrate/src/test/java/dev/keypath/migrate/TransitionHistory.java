package dev.keypath.migrate;

import dev.keypath.dynamodb.ConditionFailedException;
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
 * What the instances of two declarations of one type did while the table changed under them (a re-shard, a schema
 * upgrade): every write with what its client was told, and every read with what it saw. Thread-safe.
 */
final class TransitionHistory {
    /** What a client was told of a write. */
    enum Outcome {
        /** It returned: the write was applied, once. */
        OK,
        /**
         * A typed exception that promises nothing was written: a conflict, or the table's refusal of a write its
         * declaration may no longer make ({@link TableLayoutMismatchException}).
         */
        FAILED,
        /** It may have been applied once, or not at all ({@code WriteOutcomeUnknownException}, an SDK failure). */
        UNKNOWN
    }

    /** The two declarations of the type. */
    enum Instance {
        /** The declaration of the running release. */
        OLD,
        /** The declaration the deploy brings. */
        NEW
    }

    /**
     * One write.
     *
     * @param id       unique; written into the item's list of operations by the write
     * @param instance the declaration that wrote
     * @param async    whether through the asynchronous table
     * @param kind     {@code put} or {@code update}
     * @param target   the item's id
     * @param amount   what it added
     * @param invoked  {@link System#nanoTime()} when invoked
     * @param returned {@link System#nanoTime()} when the outcome was known
     * @param outcome  what the client was told
     * @param error    the exception's class and message, or null
     */
    record Write(String id, Instance instance, boolean async, String kind, long target, long amount, long invoked,
                 long returned, Outcome outcome, String error) {
    }

    /**
     * One item as a read saw it.
     *
     * @param instance the declaration that read
     * @param how      {@code get} or {@code query}
     * @param target   the item's id
     * @param invoked  {@link System#nanoTime()} when the read was invoked
     * @param returned {@link System#nanoTime()} when it returned
     * @param ops      the item's list of operations as read; null when the read did not find the item
     */
    record Read(Instance instance, String how, long target, long invoked, long returned, List<String> ops) {
    }

    private final List<Write> writes = new ArrayList<>();
    private final List<Read> reads = new ArrayList<>();
    private final List<String> surprises = new ArrayList<>();

    synchronized void add(Write write) {
        writes.add(write);
    }

    synchronized void add(Read read) {
        reads.add(read);
    }

    /** An exception no outcome explains (a bug of the library or of the run): an anomaly in itself. */
    synchronized void surprise(String what) {
        surprises.add(what);
    }

    synchronized List<Write> writes() {
        return List.copyOf(writes);
    }

    synchronized List<Read> reads() {
        return List.copyOf(reads);
    }

    synchronized List<String> surprises() {
        return List.copyOf(surprises);
    }

    /** Writes per outcome. */
    synchronized Map<Outcome, Long> outcomes() {
        Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            counts.put(o, writes.stream().filter(w -> w.outcome() == o).count());
        }
        return counts;
    }

    /** Writes refused by the table because of the layout record. */
    synchronized long refusedByLayout() {
        return writes.stream().filter(w -> w.error() != null
                && w.error().startsWith(TableLayoutMismatchException.class.getSimpleName())).count();
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
                || e instanceof TableLayoutMismatchException) {
            return Outcome.FAILED;
        }
        return null;
    }
}
