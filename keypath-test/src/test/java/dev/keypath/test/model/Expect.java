package dev.keypath.test.model;

import java.util.List;
import java.util.Objects;

/**
 * What the model says a command gives: a value, or a failure of one of some exception types, or any failure (where
 * the engine refuses an expression and only "nothing was written" is specified).
 *
 * @param value      the expected value when the command succeeds
 * @param failures   the accepted exception types (an instance of one of them), empty when it must succeed
 * @param anyFailure whether any exception is accepted
 */
record Expect(Object value, List<Class<? extends Throwable>> failures, boolean anyFailure) {
    static Expect value(Object value) {
        return new Expect(value, List.of(), false);
    }

    @SafeVarargs
    static Expect failure(Class<? extends Throwable>... types) {
        return new Expect(null, List.of(types), false);
    }

    static Expect refusedByEngine() {
        return new Expect(null, List.of(), true);
    }

    boolean fails() {
        return anyFailure || !failures.isEmpty();
    }

    /** Null when {@code actual} is what this expects, else what differs. */
    String mismatch(Outcome actual) {
        if (!fails()) {
            if (actual.failure() != null) {
                return "expected " + value + " but it failed: " + describe(actual.failure());
            }
            return Objects.equals(value, actual.value()) ? null
                    : "expected " + value + "\n     but got " + actual.value();
        }
        if (actual.failure() == null) {
            return "expected a failure (" + (anyFailure ? "any" : failures) + ") but it gave " + actual.value();
        }
        if (anyFailure || failures.stream().anyMatch(t -> t.isInstance(actual.failure()))) {
            return null;
        }
        return "expected a failure of " + failures + " but got " + describe(actual.failure());
    }

    static String describe(Throwable t) {
        return t.getClass().getName() + ": " + t.getMessage();
    }

    @Override
    public String toString() {
        return fails() ? "failure " + (anyFailure ? "(any)" : failures) : "value " + value;
    }
}
