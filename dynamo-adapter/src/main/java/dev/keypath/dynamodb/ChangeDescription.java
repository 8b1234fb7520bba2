package dev.keypath.dynamodb;

import java.util.List;
import java.util.Objects;

/**
 * One change a registered item type declares in its {@link ItemHistory}, as {@link TypeDescription#history()}
 * lists it: the version it makes, its kind, and the stored names it reads in the older form and writes in the newer
 * (for a type rename, the old and the new type name), with nothing of its functions. Immutable.
 *
 * @param version the version the change makes, from 2
 * @param kind    what kind of change
 * @param from    the names it reads in the older form
 * @param to      the names it writes in the newer form
 */
public record ChangeDescription(int version, SchemaChange.Kind kind, List<String> from, List<String> to) {
    /** Checks the components and copies the lists. */
    public ChangeDescription {
        Objects.requireNonNull(kind, "kind");
        from = List.copyOf(from);
        to = List.copyOf(to);
    }

    /** The description of {@code change}, declared for {@code version}. */
    public static ChangeDescription of(int version, SchemaChange change) {
        return new ChangeDescription(version, change.kind(), change.from(), change.to());
    }

    /** The change in words, e.g. {@code version 2: FIELD_RENAMED [name] -> [fullName]}. */
    public String summary() {
        return "version " + version + ": " + kind + " " + from + " -> " + to;
    }
}
