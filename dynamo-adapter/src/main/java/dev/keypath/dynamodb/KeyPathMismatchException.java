package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;

/**
 * A key path given with a registered type cannot address an item of that type: its namespaces, length or literal
 * ids are not the type's key path template's, or an id does not fit its key field (text where the field is a
 * {@code long}, a number where it is a {@code UUID}). Every read and write that takes a type and a key path
 * ({@code get}, {@code delete}, {@code update}, batch and transactional reads and writes, condition checks) refuses
 * such a path before any request, as a query refuses a bound no registered type can have. The message names the
 * key path, the type and its template. Thread-safe.
 */
public class KeyPathMismatchException extends UnknownItemTypeException {
    private static final long serialVersionUID = 1L;
    private final String typeName;
    private final transient KeyPathTemplate template;

    /** Creates the exception for {@code keyPath}, which cannot be a {@code typeName} of {@code template}. */
    public KeyPathMismatchException(String message, KeyPath keyPath, String typeName, KeyPathTemplate template) {
        super(message, keyPath);
        this.typeName = typeName;
        this.template = template;
    }

    /** The stored type name of the type the key path was given with. */
    public String typeName() {
        return typeName;
    }

    /** That type's key path template. */
    public KeyPathTemplate template() {
        return template;
    }
}
