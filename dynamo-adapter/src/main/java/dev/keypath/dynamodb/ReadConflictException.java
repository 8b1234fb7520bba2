package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.List;

/**
 * A read-checked transaction was cancelled because at least one item it read changed (or appeared, or was
 * deleted) between the read and the commit; nothing in it was applied. {@link #changedItems()} names the key
 * paths of those items; reading them again and redoing the work is the usual answer
 * ({@link KeyPathTable#readModifyWrite(int, ReadModifyWrite)} does it). Thread-safe.
 */
public class ReadConflictException extends TransactionFailedException {
    private static final long serialVersionUID = 1L;
    private final transient List<KeyPath> changedItems;

    /** Creates the exception; {@code changedItems} are the key paths of the items that changed since read. */
    public ReadConflictException(List<Failure> failures, List<KeyPath> changedItems, Throwable cause) {
        super(failures, cause);
        this.changedItems = List.copyOf(changedItems);
    }

    /** The key paths of the items read by the unit that changed before its commit, in action order. */
    public List<KeyPath> changedItems() {
        return changedItems;
    }

    @Override
    public String getMessage() {
        return "Items read by the transaction changed before its commit: " + changedItems + ". "
                + super.getMessage();
    }
}
