package dev.keypath.spring;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ReadConflictException;
import java.util.List;
import org.springframework.dao.OptimisticLockingFailureException;

/**
 * A unit of work was not committed because an item it read changed between the read and the commit (the
 * adapter's {@link ReadConflictException}); none of its writes were applied. Running the unit again reads the
 * items afresh: {@link KeyPathTransactions#withConflictRetry} does so. Thread-safe.
 */
public class KeyPathReadConflictException extends OptimisticLockingFailureException {
    private static final long serialVersionUID = 1L;
    private final transient List<KeyPath> changedItems;

    /** Wraps the adapter's exception, keeping its message naming the changed items. */
    public KeyPathReadConflictException(ReadConflictException cause) {
        super(cause.getMessage(), cause);
        this.changedItems = cause.changedItems();
    }

    /** The key paths of the items read by the unit that changed before its commit. */
    public List<KeyPath> changedItems() {
        return changedItems;
    }
}
