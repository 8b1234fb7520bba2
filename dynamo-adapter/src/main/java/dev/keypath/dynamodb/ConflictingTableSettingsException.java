package dev.keypath.dynamodb;

/**
 * A table's builder was given settings that contradict each other for an item type, such as
 * {@link TableBuilderSettings#upgradeOnWrite upgrading} items to a type's current version on write while
 * {@link TableBuilderSettings#writePreviousVersion writing the version before it}, or a setting for a type the table
 * does not register. Thrown by {@code build()}, before any request; the message names the type and the settings.
 * Thread-safe.
 */
public class ConflictingTableSettingsException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public ConflictingTableSettingsException(String message) {
        super(message, null);
    }
}
