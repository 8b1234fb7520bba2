package dev.keypath.dynamodb.internal.mapping;

import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.std.StdValueInstantiator;

/**
 * Swaps each standard value instantiator for a {@link SpreadCreatorInstantiator}: only the creator call is faster.
 * Instantiators that other modules supply are left alone. Thread-safe.
 */
final class SpreadCreatorInstantiators extends ValueInstantiators.Base {
    @Override
    public ValueInstantiator modifyValueInstantiator(DeserializationConfig config, BeanDescription.Supplier beanDesc,
                                                     ValueInstantiator defaultInstantiator) {
        return defaultInstantiator instanceof StdValueInstantiator std
                ? SpreadCreatorInstantiator.of(std) : defaultInstantiator;
    }
}
