package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;

/** Secondary key paths for code outside this package, which cannot name their {@link KeyLayout}. */
public final class SecondaryKeys {
    private SecondaryKeys() {
    }

    /** The template of {@code key}. */
    public static KeyPathTemplate template(DefaultItemSchema.SecondaryKey key) {
        return key.template().source();
    }

    /** {@code key}'s path with its variables bound, in order, to {@code ids}. */
    public static KeyPath bind(DefaultItemSchema.SecondaryKey key, KeyId[] ids) {
        return key.template().bind(ids);
    }
}
