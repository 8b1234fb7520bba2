package dev.keypath.test.model;

/**
 * What a command gave on the tables: a value (already put in the form its {@link Expect} compares) or a failure.
 *
 * @param value   the value, when it succeeded
 * @param failure the exception, unwrapped from the future's wrappers, when it failed
 */
record Outcome(Object value, Throwable failure) {
    static Outcome of(Object value) {
        return new Outcome(value, null);
    }

    static Outcome failed(Throwable failure) {
        return new Outcome(null, failure);
    }

    boolean ok() {
        return failure == null;
    }
}
