package dev.keypath.dynamodb.internal.extension;

import dev.keypath.dynamodb.ItemExtension;

/**
 * An extension that ships with the table (version, time to live, timestamps, validation). Its condition
 * placeholders keep their names under the library's {@code #kp_}/{@code :kp_} prefix instead of a per-extension
 * one, and it says whether it changes the fields a put's returned object must show.
 */
public interface BuiltInExtension extends ItemExtension {
    /**
     * Whether its writes store field values the caller's object does not hold, so the object a put returns is read
     * back from the stored attributes (the version is not counted: the put sets it on the returned object itself).
     */
    boolean changesFields();
}
