package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * DynamoDB's answer to a write was lost (a timeout, a 5xx or a broken connection after the request was sent), and
 * what the write did cannot be told: it may have been applied once, or not at all. It is never applied twice by
 * keypath or by the SDK's retries. Thrown when:
 * <ul>
 *   <li>a conditional write whose condition failed on a resent attempt finds a stored item that does not show
 *       whether its own earlier attempt was applied: a delete that finds no item (its own attempt may have deleted
 *       it), an update whose changes depend on the stored values (an increment, an append) without a
 *       {@linkplain UpdateSpec.Builder#requestToken request token}, an item changed again since;</li>
 *   <li>an update that must not be applied twice (an increment, an append, an {@code ADD} without an expected
 *       version) failed in a way DynamoDB may have applied: keypath asks the SDK not to resend it.</li>
 * </ul>
 * Do not retry blindly: read the item to decide, or make the write safe to repeat (an expected version, a request
 * token, a transaction with a create-only record of the request). {@link #keyPath()} names the item, generated ids
 * included. Thread-safe.
 */
public class WriteOutcomeUnknownException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception for the item at {@code keyPath}; {@code cause} is what the SDK reported. */
    public WriteOutcomeUnknownException(String message, KeyPath keyPath, Throwable cause) {
        super(message, keyPath, cause);
    }
}
