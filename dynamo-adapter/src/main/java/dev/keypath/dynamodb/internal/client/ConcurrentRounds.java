package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.internal.operation.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Carries out a {@link Step.Concurrent} on the synchronous client: the caller's thread and up to
 * {@code maxInFlight − 1} threads of a pool owned by the table send the round's requests, each taking the next
 * unsent one, so at most {@code maxInFlight} are in flight; once all are answered, each exchange's callback runs,
 * in list order, on the caller's thread (as the asynchronous driver's {@link ConcurrentExchanges} does, so an
 * operation and its metering see the same steps on both tables).
 *
 * <p>The pool has at most {@value #MAX_THREADS} daemon threads named {@code keypath-<table>-round-<n>}; an idle
 * one ends after {@value #IDLE_SECONDS} seconds, and {@link #close()} ends them all. When the pool is busy with
 * other callers' rounds, or closed, the caller's thread sends what no pool thread has taken, so a round never
 * waits for another and never does worse than one request after another. When the caller's thread is interrupted,
 * the round is cancelled: no request not yet sent is sent, the pool threads' requests are interrupted, and the
 * round fails with an {@link AbortedException}, the caller's thread still interrupted. Thread-safe.
 */
final class ConcurrentRounds implements AutoCloseable {
    /** The most threads of one table's pool. */
    static final int MAX_THREADS = 16;
    /** How long an idle pool thread lives. */
    static final int IDLE_SECONDS = 2;

    private final ThreadPoolExecutor pool;

    ConcurrentRounds(String tableName) {
        AtomicInteger made = new AtomicInteger();
        pool = new ThreadPoolExecutor(MAX_THREADS, MAX_THREADS, IDLE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "keypath-" + tableName + "-round-" + made.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
    }

    /** Sends the step's requests over {@code client} and runs their callbacks; see the class comment. */
    void send(DynamoDbClient client, Step.Concurrent step) {
        Round round = new Round(client, step.exchanges());
        List<Future<?>> helpers = new ArrayList<>();
        int lanes = Math.min(step.maxInFlight(), round.exchanges.size());
        for (int i = 1; i < lanes; i++) {
            try {
                helpers.add(pool.submit(round::help));
            } catch (RejectedExecutionException closed) {
                break; // the table was closed: the caller's thread sends them all
            }
        }
        round.lane();
        try {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException();
            }
            round.awaitHelpers();
        } catch (InterruptedException e) {
            round.stopped.set(true);
            helpers.forEach(h -> h.cancel(true));
            Thread.currentThread().interrupt();
            throw AbortedException.builder().message("Interrupted while waiting for the " + round.exchanges.size()
                    + " concurrent requests of a sharded read").cause(e).build();
        }
        helpers.forEach(h -> h.cancel(false)); // those not started yet find nothing left to send
        round.deliver();
    }

    /** Ends the pool's threads; a round sent afterwards runs on its caller's thread alone. */
    @Override
    public void close() {
        pool.shutdown();
    }

    /** Whether {@link #close()} was called and every pool thread has ended. */
    boolean terminated() {
        return pool.isTerminated();
    }

    /** One round: its exchanges, the next one to send, and each one's answer. */
    private static final class Round {
        final DynamoDbClient client;
        final List<Step.Exchange<?, ?>> exchanges;
        final Object[] responses;
        final Throwable[] failures;
        final AtomicInteger next = new AtomicInteger();
        final AtomicBoolean stopped = new AtomicBoolean();
        /** Pool threads sending for this round; guarded by this. */
        private int helping;
        /** Set once the caller waits: a pool thread that starts later sends nothing; guarded by this. */
        private boolean sealed;

        Round(DynamoDbClient client, List<Step.Exchange<?, ?>> exchanges) {
            this.client = client;
            this.exchanges = exchanges;
            this.responses = new Object[exchanges.size()];
            this.failures = new Throwable[exchanges.size()];
        }

        /** A pool thread's lane, unless the caller has stopped waiting for helpers. */
        void help() {
            synchronized (this) {
                if (sealed) {
                    return;
                }
                helping++;
            }
            try {
                lane();
            } finally {
                synchronized (this) {
                    helping--;
                    notifyAll();
                }
            }
        }

        /** Waits until no pool thread sends for this round, and lets none start. */
        synchronized void awaitHelpers() throws InterruptedException {
            sealed = true;
            while (helping > 0) {
                wait();
            }
        }

        /** Sends the next unsent request, then the one after, until none is left or the round is stopped. */
        void lane() {
            for (int i = next.getAndIncrement(); i < exchanges.size() && !stopped.get(); i = next.getAndIncrement()) {
                try {
                    responses[i] = call(exchanges.get(i));
                } catch (RuntimeException | Error e) {
                    failures[i] = e;
                }
            }
        }

        private <Q, R> R call(Step.Exchange<Q, R> exchange) {
            return exchange.api().call(client, exchange.request());
        }

        /** Hands each exchange its answer, in list order; an {@link Error} is thrown as it was. */
        void deliver() {
            for (int i = 0; i < exchanges.size(); i++) {
                deliver(exchanges.get(i), responses[i], failures[i]);
            }
        }

        @SuppressWarnings("unchecked")
        private static <Q, R> void deliver(Step.Exchange<Q, R> exchange, Object response, Throwable failure) {
            if (failure == null) {
                exchange.onResponse().accept((R) response);
            } else if (failure instanceof RuntimeException e) {
                exchange.onFailure().accept(e);
            } else {
                throw (Error) failure;
            }
        }
    }
}
