package dev.keypath.test.model;

import java.util.List;

/**
 * Runs one command sequence on an empty table and on a fresh model: before each command the clock moves 7 ms (so
 * every write has a time of its own), after each command its result is compared with the model's, and every
 * {@code rawEvery} commands and at the end the raw table is compared with the model. A difference fails with an
 * {@link AssertionError} naming the command, its position and what differs.
 */
final class ModelRun {
    private final Sut sut;
    private final RawTable raw;
    private final Exploration explore;
    private final int rawEvery;

    ModelRun(Sut sut, RawTable raw, Exploration explore, int rawEvery) {
        this.sut = sut;
        this.raw = raw;
        this.explore = explore;
        this.rawEvery = rawEvery;
    }

    void run(Script script) {
        raw.clear();
        ExpectedTable model = new ExpectedTable();
        ModelClock.INSTANCE.set(model.now());
        List<Command> commands = script.commands();
        for (int i = 0; i < commands.size(); i++) {
            Command c = commands.get(i);
            model.advance(7);
            ModelClock.INSTANCE.set(model.now());
            if (!c.settled(model)) {
                continue;
            }
            String diff = c.step(sut, model);
            ModelClock.INSTANCE.set(model.now());
            if (diff != null) {
                throw new AssertionError("command " + i + ", " + c + ":\n  " + diff);
            }
            if (rawEvery > 0 && (i + 1) % rawEvery == 0) {
                compareRaw(model, "after command " + i);
            }
        }
        compareRaw(model, "at the end");
    }

    private void compareRaw(ExpectedTable model, String when) {
        List<String> diffs = raw.differences(model, explore);
        if (!diffs.isEmpty()) {
            throw new AssertionError("the stored table differs from the model " + when + ":\n  "
                    + String.join("\n  ", diffs.subList(0, Math.min(diffs.size(), 12)))
                    + (diffs.size() > 12 ? "\n  … " + (diffs.size() - 12) + " more" : ""));
        }
    }
}
