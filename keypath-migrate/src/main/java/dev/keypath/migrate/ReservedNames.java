package dev.keypath.migrate;

import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.Set;

/**
 * The attribute names a moved item keeps for keypath, so that a source attribute of such a name cannot move under
 * it: {@code pk}, {@code sk} and {@code _type} (every key-path item's key path and type), {@code _ttl} (the table's
 * TTL attribute), names starting with {@code _kp_} (keypath's own, such as {@code _kp_aliases} and the
 * {@value SourceMarker#ATTRIBUTE} marker), the key attributes of the target table's indexes, and the attributes an
 * entity's registered class derives (its secondary keys). Stateless.
 */
final class ReservedNames {
    /** Attribute names starting with this are keypath's own. */
    static final String PREFIX = "_kp_";

    private ReservedNames() {
    }

    /** Why a moved item cannot hold an attribute called {@code name} of its own, or null if it can. */
    static String why(String name, Set<String> targetIndexKeys, Set<String> classReserved) {
        if (name.equals(StoredItemLayout.PARTITION_KEY) || name.equals(StoredItemLayout.SORT_KEY) || name.equals(StoredItemLayout.TYPE)) {
            return "every key-path item holds its key path in pk and sk and its type in _type";
        }
        if (name.equals(StoredItemLayout.TIME_TO_LIVE)) {
            return "_ttl is the TTL attribute of key-path tables, which would read it as the item's expiry time";
        }
        if (name.startsWith(PREFIX)) {
            return "names starting with " + PREFIX + " are keypath's own (such as " + StoredItemLayout.ALIASES
                    + " and " + SourceMarker.ATTRIBUTE + ")";
        }
        if (targetIndexKeys.contains(name)) {
            return "it is a key attribute of an index of the target table";
        }
        if (classReserved.contains(name)) {
            return "the entity's registered class stores a value of its own there";
        }
        return null;
    }

    /** Why a rename to {@code name} is refused whatever the tables, or null (the tables are checked per item). */
    static String whyNotARenameTarget(String name) {
        return why(name, Set.of(), Set.of());
    }
}
