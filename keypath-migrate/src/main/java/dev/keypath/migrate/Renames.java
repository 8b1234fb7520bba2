package dev.keypath.migrate;

import java.util.Map;
import java.util.Set;

/** The checks of a mapping's renames (source attribute to new name), made when it is declared. Stateless. */
final class Renames {
    private Renames() {
    }

    /**
     * Adds {@code from -> to} to {@code renames}.
     *
     * @throws MappingDeclarationException when a name is empty, {@code to} is a name keypath keeps, {@code from}
     *                                     is renamed already, or another attribute takes {@code to} already
     */
    static void add(Map<String, String> renames, String from, String to, String entity) {
        if (from == null || from.isEmpty() || to == null || to.isEmpty()) {
            throw new MappingDeclarationException(entity, "rename", null, "a rename needs two names, not '" + from
                    + "' -> '" + to + "'");
        }
        String why = ReservedNames.whyNotARenameTarget(to);
        if (why != null) {
            throw new MappingDeclarationException(entity, "rename." + from, null, "'" + to
                    + "' cannot be a new name: " + why);
        }
        String before = renames.putIfAbsent(from, to);
        if (before != null) {
            throw new MappingDeclarationException(entity, "rename." + from, null, "'" + from
                    + "' is renamed twice, to '" + before + "' and to '" + to + "'");
        }
        for (Map.Entry<String, String> r : renames.entrySet()) {
            if (r.getValue().equals(to) && !r.getKey().equals(from)) {
                throw new MappingDeclarationException(entity, "rename." + from, null, "'" + r.getKey() + "' and '"
                        + from + "' are both renamed to '" + to + "'");
            }
        }
    }

    /** Refuses renames of the old key attributes (always left behind) and of dropped attributes. */
    static void check(Map<String, String> renames, Set<String> drops, String partitionKey, String sortKey,
                      String entity) {
        for (String from : renames.keySet()) {
            if (from.equals(partitionKey) || from.equals(sortKey)) {
                throw new MappingDeclarationException(entity, "rename." + from, null, "'" + from
                        + "' is an old key attribute, which is always left behind");
            }
            if (drops.contains(from)) {
                throw new MappingDeclarationException(entity, "rename." + from, null, "'" + from
                        + "' is both dropped and renamed");
            }
        }
    }
}
