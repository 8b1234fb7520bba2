package dev.keypath.test.model;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Switches that steer the command generator around a known defect, so that a run on code that still has it can
 * look for others. Only for exploration, with {@code -Dkeypath.model.explore=a,b}; the test's default uses none
 * and models the intended behaviour throughout.
 *
 * <ul>
 *   <li>{@code no-nulls}: puts fill every field an update reads (no null number, list, map, set or
 *       setIfAbsent target);</li>
 *   <li>{@code raw-nulls}: the raw comparison accepts a stored NULL where the attribute should be absent;</li>
 *   <li>{@code sets-as-lists}: no set updates, no empty sets, and a stored list passes for the set it holds;</li>
 *   <li>{@code no-aliased-puts}: no put of the type with a unique key path;</li>
 *   <li>{@code no-expiry}: no item gets an expiry;</li>
 *   <li>{@code no-stamp-edits}: no update sets the creation time or removes the update time.</li>
 * </ul>
 * {@code -Dkeypath.model.only=PutAccount,Update} restricts the commands to those named (and clock moves).
 *
 * @param switches the switches on
 */
record Exploration(Set<String> switches) {
    static final Exploration NONE = new Exploration(Set.of());

    static Exploration fromSystemProperty() {
        Set<String> on = new java.util.HashSet<>(names(System.getProperty("keypath.model.explore", "")));
        names(System.getProperty("keypath.model.only", "")).forEach(n -> on.add("only:" + n));
        return new Exploration(Set.copyOf(on));
    }

    private static Set<String> names(String list) {
        return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    /** The command names the run is restricted to; empty for all. */
    Set<String> only() {
        return switches.stream().filter(s -> s.startsWith("only:")).map(s -> s.substring(5))
                .collect(Collectors.toUnmodifiableSet());
    }

    boolean noNulls() {
        return switches.contains("no-nulls");
    }

    boolean rawNulls() {
        return switches.contains("raw-nulls");
    }

    boolean setsAsLists() {
        return switches.contains("sets-as-lists");
    }

    boolean noAliasedPuts() {
        return switches.contains("no-aliased-puts");
    }

    boolean noStampEdits() {
        return switches.contains("no-stamp-edits");
    }

    boolean noExpiry() {
        return switches.contains("no-expiry");
    }
}
