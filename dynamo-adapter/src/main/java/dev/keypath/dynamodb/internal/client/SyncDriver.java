package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.internal.operation.Operation;
import dev.keypath.dynamodb.internal.operation.Step;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Runs {@link Operation}s on the caller's thread over a {@link DynamoDbClient}: sends each request and waits for
 * it, sleeps through pauses. Immutable and thread-safe.
 */
public final class SyncDriver {
    private final DynamoDbClient client;

    public SyncDriver(DynamoDbClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    public DynamoDbClient client() {
        return client;
    }

    /** Runs {@code operation} to its end and returns its result; its exceptions propagate. */
    public <T> T run(Operation<T> operation) {
        for (Step step = operation.next(); step != Step.DONE; step = operation.next()) {
            if (step instanceof Step.Exchange<?, ?> exchange) {
                send(exchange);
            } else {
                pause((Step.Pause) step);
            }
        }
        return operation.result();
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
