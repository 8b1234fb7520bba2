package dev.keypath.spring.autoconfigure;

import dev.keypath.dynamodb.KeyPathTable;

/**
 * Callback to adjust the auto-configured {@link KeyPathTable.Builder} before the table is built, e.g. to
 * register item types outside the scanned packages or set a batch policy. Implementations are beans; they are
 * called once, in order, on the startup thread.
 */
@FunctionalInterface
public interface KeyPathTableBuilderCustomizer {
    /** Adjusts {@code builder}. */
    void customize(KeyPathTable.Builder builder);
}
