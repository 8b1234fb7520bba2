package dev.keypath.test.model;

import dev.keypath.test.model.ReshardItems.Declaration;
import dev.keypath.test.model.ReshardSteps.Announce;
import dev.keypath.test.model.ReshardSteps.Finish;
import dev.keypath.test.model.ReshardSteps.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one command sequence of the re-shard model on an emptied table with new instances, the layout record holding
 * the order in its former layout: before each command the clock moves 7 ms; after each, its result is compared with
 * the model's, every instance that may read is checked to see every live order (get, batch get, query, count, scan;
 * synchronous and asynchronous tables in turn), and the raw table is compared with the model. The sequence ends with
 * the re-shard's remaining steps, after which every order is stored once, in the new layout, and read alike by the
 * instances of the re-shard and of the new layout.
 */
final class ReshardRun {
    private final String table;
    private final RawTable raw;

    ReshardRun(RawTable raw, String table) {
        this.raw = raw;
        this.table = table;
    }

    void run(ReshardScripts script) {
        raw.clear();
        ReshardInstances sut = ReshardInstances.start(table);
        sut.of(Declaration.FORMER).table().bootstrap(); // the layout record: the order in 4 shards
        ReshardModel model = new ReshardModel();
        ModelClock.INSTANCE.set(model.items.now());
        List<Step> steps = new ArrayList<>(script.steps());
        int generated = steps.size();
        steps.add(new Announce(true));
        steps.add(new Finish());
        for (int i = 0; i < steps.size(); i++) {
            Step c = steps.get(i);
            model.items.advance(7);
            ModelClock.INSTANCE.set(model.items.now());
            if (!c.settled(model)) {
                continue;
            }
            String where = i < generated ? "command " + i + ", " + c : "the closing " + c;
            String diff = c.step(sut, model);
            ModelClock.INSTANCE.set(model.items.now());
            if (diff != null) {
                throw new AssertionError(where + ":\n  " + diff);
            }
            check(sut, model, i, "after " + where);
        }
        if (model.phase() != ReshardModel.Phase.FINISHED) {
            throw new AssertionError("the re-shard did not finish: " + model.phase());
        }
    }

    private static void check(ReshardInstances sut, ReshardModel model, int i, String when) {
        for (Declaration d : Declaration.values()) {
            if (d.reads(model.phase())) {
                String diff = ReshardChecks.visibility(sut, d, model, i % 2 == 1);
                if (diff != null) {
                    throw new AssertionError(diff + "\n  " + when);
                }
            }
        }
        List<String> diffs = ReshardChecks.raw(sut, model);
        if (!diffs.isEmpty()) {
            throw new AssertionError("the stored table differs from the model " + when + ":\n  "
                    + String.join("\n  ", diffs.subList(0, Math.min(diffs.size(), 12))));
        }
    }
}
