package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * One logical operation, metered: every request it sends asks for consumed capacity as the table's
 * {@link Metering} says, and every response's capacity is summed ({@link CapacityTally}), whichever driver runs
 * it, so pages, batch retries, sequence allocations, alias writes and index hydration all count. When it ends, the
 * capacity goes into its result (for a result that carries it) and a report to the table's listener (when there is
 * one). Both drivers run it as any operation: it changes no request but its {@code ReturnConsumedCapacity}, no
 * response and no exception. Single use; not thread-safe.
 *
 * @param <T> the result
 */
final class MeteredOperation<T> implements Operation<T> {
    private final Operation<T> inner;
    private final Metering metering;
    private final String table;
    private final Access<T> access;
    private final CapacityTally tally = new CapacityTally();
    private long started;
    private boolean ended;
    private T result;

    MeteredOperation(Operation<T> inner, Metering metering, String table, Access<T> access) {
        this.inner = inner;
        this.metering = metering;
        this.table = table;
        this.access = access;
    }

    @Override
    public Step next() {
        if (started == 0) {
            started = System.nanoTime();
        }
        Step step;
        try {
            step = inner.next();
            if (step == Step.DONE) {
                T value = inner.result();
                OperationCapacity capacity = tally.capacity();
                result = access.attach == null ? value : access.attach.apply(value, capacity);
                end(null, capacity);
                return step;
            }
        } catch (RuntimeException e) {
            end(e, tally.capacity());
            throw e;
        }
        if (step instanceof Step.Concurrent concurrent) {
            List<Step.Exchange<?, ?>> metered = new ArrayList<>(concurrent.exchanges().size());
            concurrent.exchanges().forEach(e -> metered.add(metered(e)));
            return new Step.Concurrent(metered, concurrent.maxInFlight());
        }
        return step instanceof Step.Exchange<?, ?> exchange ? metered(exchange) : step;
    }

    private <Q, R> Step.Exchange<Q, R> metered(Step.Exchange<Q, R> exchange) {
        DynamoApi<Q, R> api = exchange.api();
        Q request = api.asking(exchange.request(), metering.mode());
        tally.sent();
        return new Step.Exchange<>(api, request, response -> {
            tally.answered(api, response);
            try {
                exchange.onResponse().accept(response);
            } catch (RuntimeException e) {
                end(e, tally.capacity());
                throw e;
            }
        }, failure -> {
            try {
                exchange.onFailure().accept(failure);
            } catch (RuntimeException e) {
                end(e, tally.capacity());
                throw e;
            }
            tally.recovered();
        });
    }

    @Override
    public T result() {
        return result;
    }

    /** Reports the end once, to the listener if there is one; a listener's exception is dropped. */
    private void end(RuntimeException error, OperationCapacity capacity) {
        if (ended) {
            return;
        }
        ended = true;
        OperationListener listener = metering.listener();
        if (listener == null) {
            return;
        }
        long returned = error == null && access.returned != null ? access.returned.applyAsLong(result) : 0;
        OperationReport report = new OperationReport(access.kind, access.itemType, table, access.index,
                access.keyPath == null ? null : keyPathOf(error == null ? result : null),
                access.name.get(), OperationReport.Outcome.of(error), error,
                Duration.ofNanos(System.nanoTime() - started), capacity, tally.itemsRead(), returned,
                tally.requests(), tally.retries());
        try {
            listener.onOperation(report);
        } catch (RuntimeException ignored) {
            // a report must not change what the operation did
        }
    }

    private KeyPath keyPathOf(T endResult) {
        try {
            return access.keyPath.apply(endResult);
        } catch (RuntimeException unknown) {
            return null; // a put that failed before its ids were generated addressed no known key path
        }
    }

    /**
     * What an operation is, for its report, and how its result takes its capacity.
     *
     * @param kind     what it does
     * @param itemType its one item type, or null
     * @param index    the secondary index it reads, or null
     * @param keyPath  the key path it addressed, from its result (null when it failed), or null for none
     * @param name     its access pattern's name, built only for a report
     * @param returned the items its result returns to the caller, or null for none
     * @param attach   its result with the capacity in it, or null for a result that carries none
     * @param <T>      the result
     */
    record Access<T>(OperationKind kind, Class<?> itemType, String index, Function<T, KeyPath> keyPath,
                     Supplier<String> name,
                     ToLongFunction<T> returned, BiFunction<T, OperationCapacity, T> attach) {
    }
}
