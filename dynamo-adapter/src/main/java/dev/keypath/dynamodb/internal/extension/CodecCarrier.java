package dev.keypath.dynamodb.internal.extension;

import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.StoredItemCodec;
import java.util.Objects;

/**
 * Carries a table's {@link StoredItemCodec} among its extensions to {@link ItemExtensions}, which prepares it for the
 * registered types; it applies to no type, so it has no hooks of its own. Immutable.
 *
 * @param codec the table's codec
 */
public record CodecCarrier(StoredItemCodec codec) implements ItemExtension {
    /** Checks that the codec is present. */
    public CodecCarrier {
        Objects.requireNonNull(codec, "codec");
    }

    @Override
    public boolean appliesTo(ItemSchema<?> schema) {
        return false;
    }
}
