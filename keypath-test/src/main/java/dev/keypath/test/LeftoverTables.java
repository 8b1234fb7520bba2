package dev.keypath.test;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Deletes the tables that earlier runs left on a shared engine (a run that crashed, or was killed, never deleted
 * its tables): only tables whose names are ours ({@link TableNames}: our prefix, a run start and a run id) and whose
 * run started more than {@value TestDynamoDb#STALE_AFTER_PROPERTY} (default {@link #DEFAULT_STALE_AFTER}) before
 * this one, so that a run still going on the same endpoint keeps its tables. Every other table is left alone.
 */
final class LeftoverTables {
    /** How long before this run another run must have started for its tables to count as left over. */
    static final Duration DEFAULT_STALE_AFTER = Duration.ofHours(3);
    private static final System.Logger LOG = System.getLogger(LeftoverTables.class.getName());

    private LeftoverTables() {
    }

    /** The age from {@value TestDynamoDb#STALE_AFTER_PROPERTY}, an ISO-8601 duration ({@code PT3H}). */
    static Duration staleAfter() {
        String value = System.getProperty(TestDynamoDb.STALE_AFTER_PROPERTY);
        if (value == null || value.isBlank()) {
            return DEFAULT_STALE_AFTER;
        }
        try {
            Duration d = Duration.parse(value.trim());
            if (d.isNegative()) {
                throw new IllegalArgumentException("System property " + TestDynamoDb.STALE_AFTER_PROPERTY + "="
                        + value + " is negative");
            }
            return d;
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("System property " + TestDynamoDb.STALE_AFTER_PROPERTY + "=" + value
                    + " is not an ISO-8601 duration such as PT3H", e);
        }
    }

    /**
     * Deletes every table of this run ({@code names}) still on {@code engine}, with a client of its own (the engine's
     * shared ones are closed by then): called when the run ends, so that nothing it made, by the extension or by a
     * test's own hand, stays on an engine that outlives it. A failure is logged, not thrown.
     */
    static void deleteThisRuns(TestDynamoDb engine, TableNames names) {
        List<String> deleted = new ArrayList<>();
        try (DynamoDbClient client = engine.clientBuilder().build()) {
            for (String table : client.listTablesPaginator().tableNames()) {
                if (names.ofThisRun(table)) {
                    try {
                        client.deleteTable(r -> r.tableName(table));
                        deleted.add(table);
                    } catch (ResourceNotFoundException | ResourceInUseException gone) {
                        // deleted meanwhile (a closing test context), or being deleted
                    }
                }
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "keypath-test could not delete this run's tables on "
                    + engine.endpoint() + " (" + e.getMessage() + "); a later run deletes them once they are old "
                    + "enough");
            return;
        }
        if (!deleted.isEmpty()) {
            LOG.log(System.Logger.Level.INFO, "keypath-test deleted the " + deleted.size() + " table(s) this run left "
                    + "on " + engine.endpoint());
        }
    }

    /** Deletes the left-over tables of {@code names}' prefix on {@code client}'s engine; returns their names. */
    static List<String> delete(DynamoDbClient client, TableNames names, Duration staleAfter) {
        List<String> deleted = new ArrayList<>();
        for (String table : client.listTablesPaginator().tableNames()) {
            if (!names.leftOver(table, staleAfter)) {
                continue;
            }
            try {
                client.deleteTable(r -> r.tableName(table));
                deleted.add(table);
            } catch (ResourceNotFoundException | ResourceInUseException gone) {
                // another run is deleting it, or it is being created or deleted already
            }
        }
        if (!deleted.isEmpty()) {
            LOG.log(System.Logger.Level.INFO, "keypath-test deleted " + deleted.size() + " table(s) left by runs "
                    + "that started over " + staleAfter + " ago: " + deleted);
        }
        return deleted;
    }
}
