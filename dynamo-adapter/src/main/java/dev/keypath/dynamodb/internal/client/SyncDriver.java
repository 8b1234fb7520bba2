package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.internal.operation.Operation;
import dev.keypath.dynamodb.internal.operation.Step;
import java.util.Objects;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Runs {@link Operation}s on the caller's thread over a {@link DynamoDbClient}: sends each request and waits for
 * it, sleeps through pauses, and sends the requests of a {@link Step.Concurrent} at once through its
 * {@link ConcurrentRounds} (one after another without). Immutable and thread-safe.
 */
public final class SyncDriver {
    private final DynamoDbClient client;
    /** The table's threads for concurrent rounds, or null to send a round's requests one after another. */
    private final ConcurrentRounds rounds;

    public SyncDriver(DynamoDbClient client) {
        this(client, null);
    }

    SyncDriver(DynamoDbClient client, ConcurrentRounds rounds) {
        this.client = Objects.requireNonNull(client, "client");
        this.rounds = rounds;
    }

    public DynamoDbClient client() {
        return client;
    }

    /** Runs {@code operation} to its end and returns its result; its exceptions propagate. */
    public <T> T run(Operation<T> operation) {
        return run(operation, null);
    }

    /**
     * Runs {@code operation}, carrying out each {@link Step.RunUnit} with {@code unit} (one run of a caller's unit,
     * on this thread), to its end and returns its result; its exceptions propagate.
     */
    public <T> T run(Operation<T> operation, Supplier<?> unit) {
        try {
            for (Step step = operation.next(); step != Step.DONE; step = operation.next()) {
                if (step instanceof Step.Exchange<?, ?> exchange) {
                    send(exchange);
                } else if (step instanceof Step.Concurrent concurrent) {
                    if (rounds == null) {
                        concurrent.exchanges().forEach(this::send);
                    } else {
                        rounds.send(client, concurrent);
                    }
                } else if (step instanceof Step.RunUnit run) {
                    runUnit(run, Objects.requireNonNull(unit, "the operation runs a unit but none was given"));
                } else {
                    pause((Step.Pause) step);
                }
            }
        } catch (RuntimeException | Error e) {
            operation.abandon(e); // ends a metered operation that this failure bypassed (an Error from the client)
            throw e;
        }
        return operation.result();
    }

    private static void runUnit(Step.RunUnit run, Supplier<?> unit) {
        Object result;
        try {
            result = unit.get();
        } catch (RuntimeException e) {
            run.onFailure().accept(e);
            return;
        }
        run.onResult().accept(result);
    }

    private <Q, R> void send(Step.Exchange<Q, R> exchange) {
        R response;
        try {
            response = exchange.api().call(client, exchange.request());
        } catch (RuntimeException e) {
            exchange.onFailure().accept(e);
            return;
        }
        exchange.onResponse().accept(response);
    }

    private static void pause(Step.Pause pause) {
        try {
            Thread.sleep(pause.millis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw pause.onInterrupt().get();
        }
    }
}
