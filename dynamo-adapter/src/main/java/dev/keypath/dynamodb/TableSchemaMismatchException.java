package dev.keypath.dynamodb;

/**
 * An existing table's key schema or attribute types are not what a key-path table needs ({@code pk} HASH and
 * {@code sk} RANGE, both type B; GSIs likewise). The message lists what was found. Thread-safe.
 */
public class TableSchemaMismatchException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public TableSchemaMismatchException(String message) {
        super(message, null);
    }
}
