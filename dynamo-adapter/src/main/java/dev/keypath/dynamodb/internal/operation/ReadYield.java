package dev.keypath.dynamodb.internal.operation;

/**
 * What the reads of one access pattern have kept of the items DynamoDB read for them: items kept against items read,
 * the recent reads weighing most (past {@value #WINDOW} items read, both counts are halved), so that a pattern whose
 * range holds other types than it returns sizes each request's {@code Limit} from what its own reads have shown.
 * Thread-safe.
 */
final class ReadYield {
    /** Items read after which the counts are halved. */
    static final long WINDOW = 4_096;

    private long kept;
    private long read;

    /** Notes that a response of {@code read} items read gave {@code kept} items the read keeps. */
    synchronized void add(long keptItems, long readItems) {
        kept += keptItems;
        read += readItems;
        if (read > WINDOW) {
            kept /= 2;
            read /= 2;
        }
    }

    /** The share of the items read that were kept; NaN before anything was read. */
    synchronized double keptShare() {
        return read == 0 ? Double.NaN : (double) kept / read;
    }
}
