package dev.keypath.export;

/**
 * Hears how far an export or an import has got. Called on the worker threads after each page or batch; it must be
 * thread-safe and quick.
 */
@FunctionalInterface
public interface ProgressListener {
    /** Does nothing. */
    ProgressListener NONE = (done, expected) -> {
    };

    /**
     * @param done     items exported or imported so far (an import counts the items a checkpoint let it pass over)
     * @param expected the items expected in all: DescribeTable's approximate item count for an export (0 when the
     *     table does not say), the summary's item count for an import
     */
    void progress(long done, long expected);
}
