package dev.keypath;

import org.quicktheories.QuickTheory;

/**
 * The property runner of the core's tests: QuickTheories with 10^4 examples per property, or as many as the
 * system property {@code keypath.properties.examples} says (e.g. 10^6 for a long run). A failing property is
 * shrunk and reported with its smallest falsifying value.
 */
final class Properties {
    /** Examples per property unless {@code -Dkeypath.properties.examples} says otherwise. */
    static final int DEFAULT_EXAMPLES = 10_000;

    private Properties() {
    }

    static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.examples", DEFAULT_EXAMPLES));
    }
}
