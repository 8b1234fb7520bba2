package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one logical operation of a table did and cost, as an {@link OperationListener} receives it.
 *
 * <p>Immutable and thread-safe.
 *
 * @param kind          what the operation did
 * @param itemType      the item type it read or wrote, or null when it had several or none (a batch of several
 *                      types, a scan of every type, the bootstrap)
 * @param table         the table name
 * @param index         the secondary index a query or count read, or null for the table
 * @param keyPath       the key path it addressed, or null when it addressed several or none: the item's key path
 *                      for a read or write of one item (with generated ids filled in once a put succeeded), the
 *                      subtree's prefix or the range's lower bound for a query or count, the prefix of a subtree
 *                      deletion; null for batches, transactions, scans and the bootstrap. It holds ids, so it is
 *                      high-cardinality: never a metric tag
 * @param accessPattern the access pattern's name: the one a query or scan was {@code named}, else one derived
 *                      from the operation's shape (see {@link ItemQuery.Builder#named})
 * @param outcome       how it ended
 * @param error         the exception it ended with, or null on success
 * @param duration      from its first step to its end
 * @param capacity      the capacity of all its requests (see {@link OperationCapacity} for failed requests)
 * @param itemsRead     the items DynamoDB read for it: the scanned count of queries and scans, the items found
 *                      by gets and batch gets
 * @param itemsReturned the items it returned to the caller (the count of a count); fewer than
 *                      {@code itemsRead} when filters, other types or expired items dropped some
 * @param requests      the requests it sent
 * @param retries       the requests it sent again: after a failure it recovered from (a transaction conflict, an
 *                      expired item deleted first) or for the unprocessed items of a batch
 * @param itemsAsked    the items its queries and scans asked DynamoDB to read: the sum of the {@code Limit} of
 *                      each query or scan request it sent with one (DynamoDB's {@code Limit} counts items read,
 *                      before any filter); 0 when it sent none
 * @param partitionUnits the capacity units of its requests of several items (batch writes, transactions, batch
 *                      gets, scans) counted against each item's partition (the decoded partition key), shared
 *                      among them by what each item costs on its own, and those of the table's layout record
 *                      the write read first against the record's partition; empty for an operation of one
 *                      partition ({@link #partition()}), and for the units of a scan page that returned no item
 */
public record OperationReport(OperationKind kind, Class<?> itemType, String table, String index, KeyPath keyPath,
                              String accessPattern, Outcome outcome, Throwable error, Duration duration,
                              OperationCapacity capacity, long itemsRead, long itemsReturned, int requests,
                              int retries, long itemsAsked, Map<KeyPath, Double> partitionUnits) {
    /** Checks the fields that are never null and copies the map. */
    public OperationReport {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(accessPattern, "accessPattern");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(capacity, "capacity");
        partitionUnits = partitionUnits == null ? Map.of() : Map.copyOf(partitionUnits);
    }

    /** A report of an operation that asked for no items by {@code Limit} and has no units by partition. */
    public OperationReport(OperationKind kind, Class<?> itemType, String table, String index, KeyPath keyPath,
                           String accessPattern, Outcome outcome, Throwable error, Duration duration,
                           OperationCapacity capacity, long itemsRead, long itemsReturned, int requests,
                           int retries) {
        this(kind, itemType, table, index, keyPath, accessPattern, outcome, error, duration, capacity, itemsRead,
                itemsReturned, requests, retries, 0, Map.of());
    }

    /** {@link #itemType()}, when there is one. */
    public Optional<Class<?>> type() {
        return Optional.ofNullable(itemType);
    }

    /** {@link #keyPath()}, when there is one. */
    public Optional<KeyPath> addressed() {
        return Optional.ofNullable(keyPath);
    }

    /**
     * The partition the operation addressed: the first element of {@link #keyPath()} (for a query by index, of
     * the index's key path). Hot partitions show up as reports of one partition consuming much capacity.
     */
    public Optional<KeyPath> partition() {
        return keyPath == null ? Optional.empty() : Optional.of(keyPath.prefix(1));
    }

    /** {@link #index()}, when there is one. */
    public Optional<String> secondaryIndex() {
        return Optional.ofNullable(index);
    }

    /** The simple name of the exception the operation ended with, or {@code "none"}. */
    public String errorType() {
        return error == null ? "none" : error.getClass().getSimpleName();
    }

    /** How an operation ended. */
    public enum Outcome {
        /** It succeeded. */
        SUCCESS,
        /**
         * A condition did not hold: a {@link ConditionFailedException} (a version conflict, a unique key taken, the
         * caller's condition) or a transaction cancelled by a condition ({@link TransactionFailedException#hasConditionFailure()}).
         */
        CONDITION_FAILED,
        /** Any other exception. */
        ERROR;

        /** The outcome of an operation that ended with {@code error} (null: success). */
        public static Outcome of(Throwable error) {
            if (error == null) {
                return SUCCESS;
            }
            return error instanceof ConditionFailedException
                    || error instanceof TransactionFailedException t && t.hasConditionFailure()
                    ? CONDITION_FAILED : ERROR;
        }
    }
}
