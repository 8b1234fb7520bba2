package dev.keypath.test.model;

/**
 * One step of a command sequence, as data: it names items by small slot numbers (resolved against what the
 * sequence created so far), so that any sub-sequence still runs, and prints as the Java expression that builds it.
 */
interface Command {
    /**
     * Whether the intended behaviour settles what this command gives in the model's state. A command that is not
     * (a caller's condition on an expired item that is still stored, two writes of one item in one batch) is
     * skipped, on the tables and in the model.
     */
    default boolean settled(ExpectedTable model) {
        return true;
    }

    /** Runs this command on the tables and on the model: null when they agree, else what differs. */
    String step(Sut sut, ExpectedTable model);

    /** Whether the command only moves the clock by nothing, so a printed sequence can leave it out. */
    default boolean isNoop() {
        return false;
    }
}
