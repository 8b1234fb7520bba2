package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * An update was refused, not applied, because the stored item is at a newer version of its type than the one the
 * application declares ({@code @ItemType(version)}): an instance of an older release met an item a newer release (or
 * its background rewrite) had already written at its own version. The older release does not know how the newer one
 * stores the item, so it leaves it as it is; the item is written by instances of the newer release. Nothing was
 * written. Thread-safe.
 */
public class NewerItemVersionException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;
    private final String typeName;
    private final int storedVersion;
    private final int declaredVersion;

    /**
     * Creates the exception for the item of type {@code typeName} at {@code keyPath}, stored at
     * {@code storedVersion} while the application declares {@code declaredVersion}.
     */
    public NewerItemVersionException(String typeName, int storedVersion, int declaredVersion, KeyPath keyPath,
                                     Throwable cause) {
        super("Update of " + typeName + " not applied: the stored item is at version " + storedVersion
                + ", newer than version " + declaredVersion + ", the newest this application declares; it is left "
                + "as it is (instances of the newer release write it)", keyPath, cause);
        this.typeName = typeName;
        this.storedVersion = storedVersion;
        this.declaredVersion = declaredVersion;
    }

    /** The item's type name, as stored in {@code _type}. */
    public String typeName() {
        return typeName;
    }

    /** The version the item is stored at. */
    public int storedVersion() {
        return storedVersion;
    }

    /** The newest version of the type the application declares. */
    public int declaredVersion() {
        return declaredVersion;
    }
}
