package dev.keypath.micrometer;

import dev.keypath.dynamodb.OperationObservation;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import dev.keypath.dynamodb.RequestObservation;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * The {@link OperationObserver} {@link KeyPathObservations} builds: one {@link Observation} per operation (its
 * parent the enclosing operation's, else the caller's current observation), one child per request, and the
 * meters. While the observation registry is a no-op one, it starts no observation: the meters alone record the
 * operation, its {@value KeyPathObservations#OPERATION} timer included, allocating nothing of their own but, when
 * asked for, the sample of the long-task timer of operations in flight. Immutable and thread-safe.
 */
final class ObservingObserver implements OperationObserver {
    private final ObservationRegistry observations;
    private final OperationMeters meters;
    private final KeyPathObservationConvention operationConvention;
    private final KeyPathRequestObservationConvention requestConvention;
    private final boolean requests;
    private final boolean longTaskTimer;
    private final OperationObservation metersOnly;

    ObservingObserver(ObservationRegistry observations, OperationMeters meters,
                      KeyPathObservationConvention operationConvention,
                      KeyPathRequestObservationConvention requestConvention, boolean requests,
                      boolean longTaskTimer) {
        this.observations = observations;
        this.meters = meters;
        this.operationConvention = operationConvention;
        this.requestConvention = requestConvention;
        this.requests = requests;
        this.longTaskTimer = longTaskTimer && meters != null;
        this.metersOnly = meters == null ? OperationObservation.NONE : report -> meters.record(report, true);
    }

    @Override
    public OperationObservation start(OperationStart start) {
        if (observations.isNoop()) {
            if (longTaskTimer) {
                LongTaskTimer.Sample active = meters.startActive(start);
                return report -> {
                    active.stop();
                    meters.record(report, true);
                };
            }
            return metersOnly;
        }
        KeyPathOperationContext context = new KeyPathOperationContext(start);
        Observation observation = Observation.createNotStarted(operationConvention,
                DefaultKeyPathObservationConvention.INSTANCE, () -> context, observations);
        Observation parent = start.parent() instanceof Observed enclosing ? enclosing.observation
                : observations.getCurrentObservation();
        if (parent != null) {
            observation.parentObservation(parent);
        }
        return new Observed(observation.start(), context, start);
    }

    /** One operation under observation. */
    private final class Observed implements OperationObservation {
        private final Observation observation;
        private final KeyPathOperationContext context;
        private final OperationStart start;

        Observed(Observation observation, KeyPathOperationContext context, OperationStart start) {
            this.observation = observation;
            this.context = context;
            this.start = start;
        }

        @Override
        public RequestObservation request(String api) {
            return request(api, null);
        }

        @Override
        public RequestObservation request(String api, DynamoDbRequest sent) {
            if (!requests || observation.isNoop()) {
                return RequestObservation.NONE;
            }
            KeyPathRequestContext request = new KeyPathRequestContext(api, sent, start);
            Observation child = Observation.createNotStarted(requestConvention,
                    DefaultKeyPathRequestObservationConvention.INSTANCE, () -> request, observations)
                    .parentObservation(observation).start();
            return new ObservedRequest(child, request);
        }

        @Override
        public void end(OperationReport report) {
            context.ended(report);
            if (report.error() != null) {
                observation.error(report.error());
            }
            observation.stop();
            if (meters != null) { // the registry's handlers time the observation: only the counters here
                meters.record(report, false);
            }
        }
    }

    /** One request under observation; stopped once, by its answer or its failure. */
    private static final class ObservedRequest implements RequestObservation {
        private final Observation observation;
        private final KeyPathRequestContext context;

        ObservedRequest(Observation observation, KeyPathRequestContext context) {
            this.observation = observation;
            this.context = context;
        }

        @Override
        public void answered(double readUnits, double writeUnits, long itemsRead) {
            context.answered(readUnits, writeUnits, itemsRead);
            observation.stop();
        }

        @Override
        public void failed(Throwable error) {
            observation.error(error);
            observation.stop();
        }
    }
}
