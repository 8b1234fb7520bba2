package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.ConflictingTableSettingsException;
import dev.keypath.dynamodb.InvalidItemHistoryException;
import java.util.Collection;
import java.util.Set;

/**
 * Which version a table writes of each registered type: the types it keeps writing at the version before their
 * current one ({@code writePreviousVersion}, a rolling deploy), and the types whose older stored items a write brings
 * to the current version ({@code upgradeOnWrite}, some or all). The two contradict each other for one type: a table
 * cannot both keep writing a type's previous version and write its stored items back at the current one. Immutable.
 *
 * @param previous   types written at the version before their current one
 * @param upgrading  types whose older items a write upgrades
 * @param upgradeAll whether a write upgrades the older items of every registered type
 */
public record WriteVersions(Set<Class<?>> previous, Set<Class<?>> upgrading, boolean upgradeAll) {
    /** No type written at its previous version, none upgraded on write. */
    public static final WriteVersions CURRENT = new WriteVersions(Set.of(), Set.of(), false);

    public WriteVersions {
        previous = Set.copyOf(previous);
        upgrading = Set.copyOf(upgrading);
    }

    /** Only {@code previous} written at their previous version. */
    public static WriteVersions previous(Set<Class<?>> previous) {
        return new WriteVersions(previous, Set.of(), false);
    }

    /**
     * Checks the settings against the registered {@code types}: an {@link InvalidItemHistoryException} for a type
     * written at its previous version that is not registered, a {@link ConflictingTableSettingsException} for an
     * upgraded type that is not registered or one that is also written at its previous version.
     */
    void check(Collection<Class<?>> types) {
        for (Class<?> t : previous) {
            if (!types.contains(t)) {
                throw new InvalidItemHistoryException("writePreviousVersion(" + t.getName() + "): the type is not "
                        + "registered with this table");
            }
        }
        for (Class<?> t : upgrading) {
            if (!types.contains(t)) {
                throw new ConflictingTableSettingsException("upgradeOnWrite(" + t.getName() + "): the type is not "
                        + "registered with this table");
            }
        }
        for (Class<?> t : previous) {
            if (upgradeAll || upgrading.contains(t)) {
                throw new ConflictingTableSettingsException(t.getName() + " is both written at the version before "
                        + "its current one (writePreviousVersion) and upgraded to its current version on write ("
                        + (upgradeAll ? "upgradeAllOnWrite" : "upgradeOnWrite") + "): during a rolling deploy, "
                        + "instances of the previous release could not read the upgraded items. Upgrade on write once "
                        + "the table writes the current version");
            }
        }
    }

    /** Whether writes of {@code type} upgrade its older stored items. */
    boolean upgrades(Class<?> type) {
        return upgradeAll || upgrading.contains(type);
    }
}
