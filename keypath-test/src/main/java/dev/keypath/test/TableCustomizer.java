package dev.keypath.test;

import dev.keypath.dynamodb.TableBuilderSettings;

/**
 * Adjusts the tables of {@link KeyPathDynamoDb} before they are built, e.g. a fixed clock, a JSON mapper or a
 * batch policy. The same customizer runs on the sync and the async table, so both read and write the same
 * items. Implementations need a constructor without arguments (it may be private); one instance is made per
 * table.
 *
 * <pre>{@code
 * static final class FixedClock implements TableCustomizer {
 *     public void customize(TableBuilderSettings<?> table) {
 *         table.clock(Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC));
 *     }
 * }
 * }</pre>
 */
@FunctionalInterface
public interface TableCustomizer {
    /** Applies settings to the builder; the table name, client, item types and page-token secret are set already. */
    void customize(TableBuilderSettings<?> table);
}
