package dev.keypath.dynamodb;

import dev.keypath.dynamodb.annotation.IndexProjection;
import java.util.List;
import java.util.Objects;

/**
 * One secondary key path of a registered item type ({@link dev.keypath.dynamodb.annotation.SecondaryKeyPath}), as
 * {@link TypeDescription} lists it. Immutable.
 *
 * @param index      the index name
 * @param keyPath    the key-path template the index is keyed by
 * @param local      true for a local secondary index, false for a global one
 * @param projection what the index holds besides its keys
 * @param include    the attributes included, in name order (projection {@code INCLUDE}; else empty)
 */
public record IndexDescription(String index, String keyPath, boolean local, IndexProjection projection,
                               List<String> include) {
    /** Checks the components and keeps {@code include} sorted. */
    public IndexDescription {
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(keyPath, "keyPath");
        Objects.requireNonNull(projection, "projection");
        include = include.stream().sorted().toList();
    }

    /**
     * The index on one line, e.g. {@code global KEYS_ONLY /status-{status}/order-{orderId}} or
     * {@code global INCLUDE(body,title) /topic-{topic}/note-{noteId}}.
     */
    public String summary() {
        String what = projection == IndexProjection.INCLUDE
                ? projection + "(" + String.join(",", include) + ")" : projection.name();
        return (local ? "local " : "global ") + what + " " + keyPath;
    }
}
