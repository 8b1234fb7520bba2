package dev.keypath.micrometer;

import dev.keypath.dynamodb.OperationObserver;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.Objects;

/**
 * Micrometer for a key-path table: builds the {@link OperationObserver} to set on the table builder, which makes
 * one {@link io.micrometer.observation.Observation} per logical operation (a child of the caller's current
 * observation), on request one child observation per DynamoDB request, and, given a {@link MeterRegistry},
 * counters of the capacity and items of each access pattern. Spans come through whatever tracing bridge the
 * registry has; timers through its meter handler, or, with no observation registry, from the meters themselves
 * ({@link #meters}).
 *
 * <pre>{@code
 * KeyPathTable table = KeyPathTables.builder().client(client).tableName("app").register(Post.class)
 *         .operationObserver(KeyPathObservations.observer(observationRegistry, meterRegistry))
 *         .build();
 * }</pre>
 *
 * <p>Names: see {@link KeyPathObservationDocumentation} for the observations' keys, and the constants here for the
 * meters.
 */
public final class KeyPathObservations {
    /** The name of the observation of one logical operation of a table. */
    public static final String OPERATION = "keypath.operation";
    /** The name of the observation of one DynamoDB request of an operation. */
    public static final String REQUEST = "keypath.request";
    /** The value of {@code db.system.name}, as OpenTelemetry names DynamoDB. */
    public static final String DB_SYSTEM = "aws.dynamodb";
    /** Counter of read capacity units consumed. */
    public static final String READ_UNITS = "keypath.capacity.read";
    /** Counter of write capacity units consumed. */
    public static final String WRITE_UNITS = "keypath.capacity.write";
    /** Counter of items DynamoDB read (scanned) for operations. */
    public static final String ITEMS_READ = "keypath.items.read";
    /** Counter of items operations returned. */
    public static final String ITEMS_RETURNED = "keypath.items.returned";

    private KeyPathObservations() {
    }

    /** Observations on {@code observations}, no meters of our own. */
    public static OperationObserver observer(ObservationRegistry observations) {
        return builder(observations).build();
    }

    /**
     * Observations on {@code observations} and capacity and item counters on {@code meters}. With
     * {@link ObservationRegistry#NOOP} (or any registry without handlers) no observation is made and the meters
     * alone record each operation, the {@value #OPERATION} timer included: the cheapest way to have the figures
     * when no trace is wanted (see {@link #meters}).
     */
    public static OperationObserver observer(ObservationRegistry observations, MeterRegistry meters) {
        return builder(observations).meterRegistry(meters).build();
    }

    /**
     * Meters only, on {@code meters}: for each operation the {@value #OPERATION} timer (with the keys its observation
     * would have, and the {@code error} tag Micrometer's {@code DefaultMeterObservationHandler} adds), and the
     * capacity and item counters; no observation, no span. That handler also keeps a long-task timer of the
     * observations in flight ({@value #OPERATION}{@code .active}); the builder's
     * {@link Builder#longTaskTimer longTaskTimer(true)} adds the same one here.
     */
    public static OperationObserver meters(MeterRegistry meters) {
        return builder(ObservationRegistry.NOOP).meterRegistry(meters).build();
    }

    /** A builder of an observer on {@code observations} ({@link ObservationRegistry#NOOP} for meters only). */
    public static Builder builder(ObservationRegistry observations) {
        return new Builder(observations);
    }

    /** Builds an {@link OperationObserver}; not thread-safe. */
    public static final class Builder {
        private final ObservationRegistry observations;
        private MeterRegistry meters;
        private KeyPathObservationConvention operationConvention;
        private KeyPathRequestObservationConvention requestConvention;
        private boolean requests;
        private boolean longTaskTimer;

        private Builder(ObservationRegistry observations) {
            this.observations = Objects.requireNonNull(observations, "observations");
        }

        /** Where the capacity and item counters go; none by default. */
        public Builder meterRegistry(MeterRegistry meters) {
            this.meters = Objects.requireNonNull(meters, "meters");
            return this;
        }

        /**
         * The convention of operations' observations, in place of a {@code GlobalObservationConvention} registered
         * on the registry or, without one, {@link DefaultKeyPathObservationConvention}.
         */
        public Builder operationConvention(KeyPathObservationConvention convention) {
            this.operationConvention = Objects.requireNonNull(convention, "convention");
            return this;
        }

        /** The convention of requests' observations, as {@link #operationConvention} for operations. */
        public Builder requestConvention(KeyPathRequestObservationConvention convention) {
            this.requestConvention = Objects.requireNonNull(convention, "convention");
            return this;
        }

        /**
         * Whether each DynamoDB request gets a child observation of its operation's; off by default, since each one
         * costs as much as the operation's own observation and the AWS SDK can trace its requests itself.
         */
        public Builder requestObservations(boolean requests) {
            this.requests = requests;
            return this;
        }

        /**
         * Whether the meters, where they time operations themselves (no observation handler does), also keep the
         * {@value #OPERATION}{@code .active} long-task timer of the operations in flight, as Micrometer's
         * {@code DefaultMeterObservationHandler} keeps one for each observation (same name and tags); off by default.
         * With it, the meters alone make every meter that handler would, at the cost of a sample per operation.
         */
        public Builder longTaskTimer(boolean longTaskTimer) {
            this.longTaskTimer = longTaskTimer;
            return this;
        }

        /** The observer to set with {@code operationObserver} on a table builder. */
        public OperationObserver build() {
            return new ObservingObserver(observations, meters == null ? null : new OperationMeters(meters),
                    operationConvention, requestConvention, requests, longTaskTimer);
        }
    }
}
