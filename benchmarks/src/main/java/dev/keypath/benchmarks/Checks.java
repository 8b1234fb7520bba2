package dev.keypath.benchmarks;

import java.util.Objects;

/** Sanity checks run in {@code @Setup}, so a benchmark never measures a competitor computing the wrong thing. */
final class Checks {
    private Checks() {}

    static void equal(Object actual, Object expected, String what) {
        if (!Objects.equals(actual, expected)) {
            throw new IllegalStateException(what + ": expected " + expected + " but got " + actual);
        }
    }
}
