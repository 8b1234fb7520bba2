package dev.keypath.migrate;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * A comparison of the two tables: the target's items are counted and kept as checksums by key, then every source
 * item is read as it is (not through the mapping's conversion): the item the target should hold for it (its key
 * path, its type, and each of its attributes but the old keys and the dropped ones, under its new name when
 * renamed) is looked up there and compared. Clean when every item the mapping covers moved, to a key path of its
 * own, with the content expected, and the target holds no other items. Immutable.
 *
 * @param scanned    source items read
 * @param mapped     source items that move (matched by an entity, able to move)
 * @param target     items in the target table
 * @param missing    items that move but are absent from the target
 * @param different  items whose target content differs from the source's; of a collision's source items, the one
 *                   the target item was written from is compared, whichever the scan reads first, and the key path
 *                   counts once if it matches none of them
 * @param extra      target items no source item accounts for (items written only to the new table, say)
 * @param collisions source items whose key path another source item has (the target holds one item for both)
 * @param cannotMove source items an entity matches that cannot move (an attribute named like one keypath keeps, a
 *                   key path that cannot be built, an item the registered class cannot read)
 * @param examples   up to ten of each kind above, each {@code key -> key path: what}: missing first, then
 *                   different, extra, collisions and cannot move, so that every kind found has its examples
 * @param readUnits  read capacity consumed (both scans, and the reads that name what differs)
 * @param elapsed    how long the verification took
 */
public record MigrationVerification(long scanned, long mapped, long target, long missing, long different, long extra,
                                    long collisions, long cannotMove, List<String> examples, double readUnits,
                                    Duration elapsed) {
    /** Copies the list. */
    public MigrationVerification {
        examples = List.copyOf(examples);
    }

    /** Whether the target holds exactly the items the mapping covers, each with the expected content. */
    public boolean clean() {
        return missing == 0 && different == 0 && extra == 0 && collisions == 0 && cannotMove == 0;
    }

    /** The verification as text, one fact a line. */
    public String describe() {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "%s: %d source items scanned, %d move, %d cannot move; target has %d items%n"
                        + "missing %d, different %d, extra %d, collisions %d (%.1f RCU, %.1f s)%n",
                clean() ? "clean" : "NOT clean", scanned, mapped, cannotMove, target, missing, different, extra,
                collisions, readUnits, elapsed.toMillis() / 1000.0));
        examples.forEach(x -> s.append("  ").append(x).append(System.lineSeparator()));
        return s.toString();
    }
}
