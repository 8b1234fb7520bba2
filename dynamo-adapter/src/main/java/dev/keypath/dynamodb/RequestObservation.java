package dev.keypath.dynamodb;

/**
 * One DynamoDB request of an observed operation ({@link OperationObservation#request}): hears either its answer or
 * its failure, at most once. A request whose answer never comes (the caller cancelled, the process stopped) may hear
 * neither, but its operation still {@linkplain OperationObservation#end ends}.
 */
public interface RequestObservation {
    /** A handle that hears nothing. */
    RequestObservation NONE = new RequestObservation() {
    };

    /**
     * The request was answered.
     *
     * @param readUnits  the read capacity units its response reported (0 when it reported none)
     * @param writeUnits the write capacity units its response reported (0 when it reported none)
     * @param itemsRead  the items DynamoDB read for it (the scanned count of a query or scan, the items found by a
     *                   get or batch get)
     */
    default void answered(double readUnits, double writeUnits, long itemsRead) {
    }

    /** The request failed with {@code error} (the operation may still go on: a retry, a recovered conflict). */
    default void failed(Throwable error) {
    }
}
