package dev.keypath.examples.social;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.PathElement;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The hand-built string keys a team writes today ({@code USER#<uuid>} / {@code POST#0000001234#COMMENT#…}),
 * for side-by-side comparison with key-path bytes. Integers are zero-padded to 10 digits, as such
 * schemes must be to sort at all (and still break on negatives and on values past the padding).
 */
final class StringKeys {
    private StringKeys() {}

    static String partitionKey(KeyPath path) {
        return element(path.first());
    }

    static String sortKey(KeyPath path) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < path.size(); i++) {
            if (i > 1) {
                sb.append('#');
            }
            sb.append(element(path.element(i)));
        }
        return sb.length() == 0 ? "#" : sb.toString();
    }

    static int size(KeyPath path) {
        return partitionKey(path).getBytes(StandardCharsets.UTF_8).length + sortKey(path).getBytes(StandardCharsets.UTF_8).length;
    }

    private static String element(PathElement e) {
        String ns = e.namespace().toUpperCase(Locale.ROOT);
        if (!e.hasId()) {
            return ns;
        }
        KeyId id = e.id();
        String text = switch (id.type()) {
            case INTEGER -> String.format("%010d", id.asLong());
            case BYTES -> id.isUuid() ? id.asUuid().toString() : id.toString();
            case STRING -> id.asString();
        };
        return ns + "#" + text;
    }
}
