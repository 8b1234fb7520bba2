package dev.keypath.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names and keys of the observation of one DynamoDB request of an operation. Replace ours as
 * {@link KeyPathObservationConvention} says, through {@link KeyPathObservations.Builder#requestConvention}.
 */
public interface KeyPathRequestObservationConvention extends ObservationConvention<KeyPathRequestContext> {
    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof KeyPathRequestContext;
    }
}
