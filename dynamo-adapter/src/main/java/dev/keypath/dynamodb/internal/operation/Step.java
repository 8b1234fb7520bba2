package dev.keypath.dynamodb.internal.operation;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** What an {@link Operation} asks its driver to do next: send one request, wait, or nothing more. */
public sealed interface Step permits Step.Exchange, Step.Concurrent, Step.Pause, Step.RunUnit,
        Step.Done {
    /** The operation has its result. */
    public Step DONE = Done.INSTANCE;

    /**
     * Send {@code request} through {@code api}; hand the response to {@code onResponse}, or the failure (the SDK's
     * exception, or a {@link java.util.concurrent.CancellationException} when the caller cancelled) to
     * {@code onFailure}, which either throws (the operation ends) or returns (the operation goes on).
     *
     * @param <Q> request type
     * @param <R> response type
     */
    public record Exchange<Q, R>(DynamoApi<Q, R> api, Q request, Consumer<R> onResponse,
                          Consumer<RuntimeException> onFailure) implements Step {
        public Exchange {
            Objects.requireNonNull(api, "api");
            Objects.requireNonNull(request, "request");
        }

        /** An exchange whose failures end the operation unchanged. */
        static <Q, R> Exchange<Q, R> of(DynamoApi<Q, R> api, Q request, Consumer<R> onResponse) {
            return new Exchange<>(api, request, onResponse, Exchange::rethrow);
        }

        private static void rethrow(RuntimeException e) {
            throw e;
        }
    }

    /**
     * Send several independent requests at once (the shards of a sharded query), at most {@code maxInFlight} at a
     * time; once every one has been answered, hand each its response or failure, in list order, on one thread (so
     * the operation needs no locks). The synchronous driver sends them one after another on the caller's thread.
     */
    public record Concurrent(List<Exchange<?, ?>> exchanges, int maxInFlight) implements Step {
        public Concurrent {
            exchanges = List.copyOf(exchanges);
            if (exchanges.isEmpty() || maxInFlight < 1) {
                throw new IllegalArgumentException("concurrent exchanges need one request and one in flight");
            }
        }
    }

    /**
     * Wait {@code millis} before asking again (a backoff); the synchronous driver sleeps, the asynchronous one
     * schedules. If the sleeping thread is interrupted, the operation ends with {@code onInterrupt}'s exception.
     */
    public record Pause(long millis, Supplier<RuntimeException> onInterrupt) implements Step {
    }

    /**
     * Run the caller's unit once: a read-modify-write unit's reads, writes and commit, which the driver was given
     * with the operation. Hand its result to {@code onResult}, or its failure to {@code onFailure}, which either
     * throws (the operation ends) or returns (the operation goes on).
     */
    public record RunUnit(Consumer<Object> onResult, Consumer<RuntimeException> onFailure) implements Step {
    }

    /** See {@link #DONE}. */
    public enum Done implements Step {
        INSTANCE
    }
}
