package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationObservation;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import dev.keypath.dynamodb.RequestObservation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * One logical operation, metered: every request it sends asks for consumed capacity as the table's
 * {@link Metering} says, and every response's capacity is summed ({@link CapacityTally}), whichever driver runs
 * it, so pages, batch retries, sequence allocations, alias writes and index hydration all count. When it ends, the
 * capacity goes into its result (for a result that carries it) and a report to the table's observer (when there is
 * one). An operation run inside another (the reads and commit of a read-modify-write) adds its sums to the
 * enclosing one's when it ends, so that the enclosing report counts every request of its own; a write's read of the
 * table's layout record is metered as its own request ({@link #including}). Both drivers run it as any operation: it
 * changes no request but its {@code ReturnConsumedCapacity}, no response and no exception.
 *
 * <p>With an observer, its first step starts the observation, each request is announced and its answer or failure
 * told, and the observation ends exactly once: at the result, at an exception from a step or a callback, at an
 * interrupted pause, or when the driver {@linkplain #abandon abandons} it. Single use; not thread-safe.
 *
 * @param <T> the result
 */
final class MeteredOperation<T> implements Operation<T> {
    private final Operation<T> inner;
    private final Metering metering;
    private final String table;
    private final Access<T> access;
    private final OperationObservation parent;
    /** The operation this one runs inside (a read-modify-write), whose report includes this one's; or null. */
    private final MeteredOperation<?> enclosing;
    private final CapacityTally tally = new CapacityTally();
    /** The units of requests of several items by partition, and the items asked by Limit: kept when observed. */
    private PartitionUnits partitions;
    /** The units of the layout record's requests ({@link #including}) by its partition, kept when observed. */
    private PartitionUnits layoutRecord;
    private long itemsAsked;
    private long started;
    private boolean ended;
    private T result;
    private OperationObservation observation;
    /** The requests sent and not yet answered (several for a concurrent step), when observed; else null. */
    private List<RequestObservation> pending;
    private String name;
    /** The capacity given to the result, when it carries it: the report's too. */
    private OperationCapacity capacity;
    /** The key path known at the start, when there was one: the same at the end, so not derived again. */
    private KeyPath addressed;

    MeteredOperation(Operation<T> inner, Metering metering, String table, Access<T> access,
                     MeteredOperation<?> enclosing) {
        this.inner = inner;
        this.metering = metering;
        this.table = table;
        this.access = access;
        this.enclosing = enclosing;
        this.parent = enclosing == null ? null : enclosing.observation();
    }

    @Override
    public Step next() {
        if (started == 0) {
            started = System.nanoTime();
            start();
        }
        Step step;
        try {
            step = inner.next();
            if (step == Step.DONE) {
                T value = inner.result();
                if (access.attach == null) {
                    result = value;
                } else { // the result carries the capacity: built once, for it and the report
                    capacity = tally.capacity();
                    result = access.attach.apply(value, capacity);
                }
                end(null);
                return step;
            }
        } catch (RuntimeException | Error e) {
            end(e);
            throw e;
        }
        if (step instanceof Step.Exchange<?, ?> exchange) {
            return metered(exchange);
        }
        if (step instanceof Step.Concurrent concurrent) {
            List<Step.Exchange<?, ?>> metered = new ArrayList<>(concurrent.exchanges().size());
            concurrent.exchanges().forEach(e -> metered.add(metered(e)));
            return new Step.Concurrent(metered, concurrent.maxInFlight());
        }
        if (observation == null) {
            return step;
        }
        return step instanceof Step.Pause pause ? ending(pause) : ending((Step.RunUnit) step);
    }

    /** Starts the observation, when the table has an observer. */
    private void start() {
        OperationObserver observer = metering.observer();
        if (observer == null) {
            return;
        }
        name = access.name.get();
        addressed = access.keyPath == null ? null : keyPathOf(null);
        OperationObservation started = Observers.start(observer, new OperationStart(access.kind, access.itemType,
                table, access.index, addressed, name, parent));
        observation = started == OperationObservation.NONE ? null : started; // hears nothing: no report is built
    }

    /** The observation of this operation once started, or null (not started, or no observer). */
    OperationObservation observation() {
        return observation;
    }

    /**
     * {@code exchange}, a request this operation needs but its steps do not send (the read of the table's layout
     * record before a write), metered as one of its own: it asks as the table says, its capacity goes into this
     * operation's sums and report, and its observation is a request of this operation's.
     */
    <Q, R> Step.Exchange<Q, R> including(Step.Exchange<Q, R> exchange) {
        return metered(exchange, true);
    }

    private <Q, R> Step.Exchange<Q, R> metered(Step.Exchange<Q, R> exchange) {
        return metered(exchange, false);
    }

    /** {@code exchange} metered; {@code included}: a request of the layout record ({@link #including}). */
    private <Q, R> Step.Exchange<Q, R> metered(Step.Exchange<Q, R> exchange, boolean included) {
        DynamoApi<Q, R> api = exchange.api();
        Q request = api.asking(exchange.request(), metering.mode());
        tally.sent();
        RequestObservation heard = observation == null ? null : Observers.request(observation, api.toString(),
                request instanceof DynamoDbRequest sentRequest ? sentRequest : null);
        // nothing hears the request: no answer to tell, nothing to close
        RequestObservation sent = heard == RequestObservation.NONE ? null : heard;
        if (observation != null) {
            itemsAsked += limitOf(request);
        }
        if (sent != null) {
            if (pending == null) {
                pending = new ArrayList<>(1);
            }
            pending.add(sent);
        }
        return new Step.Exchange<>(api, request, response -> {
            answered(sent);
            if (observation != null && sent == null) {
                double units = tally.readUnits() + tally.writeUnits();
                tally.answered(api, response);
                shared(request, response, tally.readUnits() + tally.writeUnits() - units, included);
            } else if (sent == null) {
                tally.answered(api, response);
            } else {
                double read = tally.readUnits();
                double write = tally.writeUnits();
                long items = tally.itemsRead();
                tally.answered(api, response);
                Observers.answered(sent, tally.readUnits() - read, tally.writeUnits() - write,
                        tally.itemsRead() - items);
                shared(request, response, tally.readUnits() - read + tally.writeUnits() - write, included);
            }
            try {
                exchange.onResponse().accept(response);
            } catch (RuntimeException | Error e) {
                end(e);
                throw e;
            }
        }, failure -> {
            answered(sent);
            if (sent != null) {
                Observers.failed(sent, failure);
            }
            try {
                exchange.onFailure().accept(failure);
            } catch (RuntimeException | Error e) {
                end(e);
                throw e;
            }
            tally.recovered();
        });
    }

    /**
     * Counts the units of an answered request of several items against its items' partitions; those of a request of
     * the layout record ({@code included}) against the record's partition, set aside until the end.
     */
    private void shared(Object request, Object response, double units, boolean included) {
        if (included) {
            if (layoutRecord == null) {
                layoutRecord = new PartitionUnits();
            }
            layoutRecord.answeredOne(keyOf(request), units);
            return;
        }
        if (partitions == null) {
            partitions = new PartitionUnits();
        }
        partitions.answered(request, response, units);
    }

    private static Map<String, AttributeValue> keyOf(Object request) {
        return request instanceof GetItemRequest get ? get.key()
                : request instanceof UpdateItemRequest update ? update.key() : null;
    }

    /**
     * The units by partition for the report: those of the requests of several items, with the layout record's when
     * there are any (an operation of one item counts every unit against its own partition).
     */
    private Map<KeyPath, Double> partitionUnits() {
        Map<KeyPath, Double> shared = partitions == null ? Map.of() : partitions.units();
        if (shared.isEmpty() || layoutRecord == null || layoutRecord.units().isEmpty()) {
            return shared;
        }
        Map<KeyPath, Double> all = new LinkedHashMap<>(shared);
        layoutRecord.units().forEach((partition, units) -> all.merge(partition, units, Double::sum));
        return all;
    }

    /** The {@code Limit} of a query or scan request, or 0. */
    private static long limitOf(Object request) {
        Integer limit = request instanceof QueryRequest query ? query.limit()
                : request instanceof ScanRequest scan ? scan.limit() : null;
        return limit == null ? 0 : limit;
    }

    private void answered(RequestObservation sent) {
        if (sent != null) {
            pending.remove(sent);
        }
    }

    /** {@code pause}, ending the operation when the waiting thread is interrupted. */
    private Step.Pause ending(Step.Pause pause) {
        return new Step.Pause(pause.millis(), () -> {
            RuntimeException interrupted = pause.onInterrupt().get();
            end(interrupted);
            return interrupted;
        });
    }

    /** {@code run}, ending the operation when the unit's failure ends it. */
    private Step.RunUnit ending(Step.RunUnit run) {
        return new Step.RunUnit(run.onResult(), failure -> {
            try {
                run.onFailure().accept(failure);
            } catch (RuntimeException | Error e) {
                end(e);
                throw e;
            }
        });
    }

    @Override
    public T result() {
        return result;
    }

    @Override
    public void abandon(Throwable reason) {
        end(reason);
    }

    /** Reports the end once, to the observer if there is one; an observer's exception is dropped. */
    private void end(Throwable error) {
        if (ended) {
            return;
        }
        ended = true;
        if (enclosing != null) { // a read or commit of a read-modify-write: its requests are the unit's too
            enclosing.tally.include(tally);
        }
        if (observation == null) {
            return;
        }
        if (pending != null && !pending.isEmpty()) { // the driver gave up while requests were out: they failed with it
            Throwable cause = error != null ? error
                    : new IllegalStateException("the operation ended before the request was answered");
            for (RequestObservation out : pending) {
                Observers.failed(out, cause);
            }
            pending.clear();
        }
        long returned = error == null && access.returned != null ? access.returned.applyAsLong(result) : 0;
        OperationReport report = new OperationReport(access.kind, access.itemType, table, access.index,
                addressed != null || access.keyPath == null ? addressed : keyPathOf(error == null ? result : null),
                name, OperationReport.Outcome.of(error), error,
                Duration.ofNanos(System.nanoTime() - started), capacity != null ? capacity : tally.capacity(),
                tally.itemsRead(), returned,
                tally.requests(), tally.retries(), itemsAsked,
                partitionUnits());
        Observers.end(observation, report);
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
     * @param keyPath  the key path it addressed, from its result (null when it failed or has not started), or null
     *                 for none
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
