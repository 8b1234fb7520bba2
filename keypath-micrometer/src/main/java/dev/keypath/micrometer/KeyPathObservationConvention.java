package dev.keypath.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names and keys of the observation of a table's operation. Implement it (usually by extending
 * {@link DefaultKeyPathObservationConvention}) to replace ours, either through
 * {@link KeyPathObservations.Builder#operationConvention} or, for every table at once, as a
 * {@link io.micrometer.observation.GlobalObservationConvention} registered on the {@code ObservationRegistry}.
 */
public interface KeyPathObservationConvention extends ObservationConvention<KeyPathOperationContext> {
    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof KeyPathOperationContext;
    }
}
