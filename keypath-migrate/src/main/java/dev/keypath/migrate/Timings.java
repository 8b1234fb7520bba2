package dev.keypath.migrate;

import java.util.concurrent.atomic.LongAdder;

/** Where the segments' threads spent their time: scanning, writing (or reading back), waiting on the budget. */
final class Timings {
    private final LongAdder scan = new LongAdder();
    private final LongAdder write = new LongAdder();
    private final LongAdder budget = new LongAdder();

    void scan(long nanos) {
        scan.add(nanos);
    }

    void write(long nanos) {
        write.add(nanos);
    }

    void budget(long nanos) {
        budget.add(nanos);
    }

    long scanNanos() {
        return scan.sum();
    }

    long writeNanos() {
        return write.sum();
    }

    long budgetNanos() {
        return budget.sum();
    }
}
