package dev.keypath.test.model;

import dev.keypath.KeyPath;
import java.util.HashSet;
import java.util.Set;

/**
 * The model of a re-shard under way: the {@link ExpectedTable} of the items (what every read should give), the step
 * the re-shard is at, and where the orders are stored: before the switch in the former layout, after the switch in
 * the new layout once written or moved (an order not written since may be in either), once finished all in the new.
 */
final class ReshardModel {
    /** The steps of docs/HOT-PARTITIONS.md, "Changing N", as the layout record holds them. */
    enum Phase {
        /** Step 1: the re-shard is declared, every instance writes the former layout. */
        DECLARED,
        /** Step 2: the switch is announced and passed; the re-sharding instances write the new layout. */
        SWITCHED,
        /** The run moved every item and recorded the re-shard as finished. */
        FINISHED
    }

    final ExpectedTable items = new ExpectedTable();
    private Phase phase = Phase.DECLARED;
    private final Set<KeyPath> moved = new HashSet<>();

    Phase phase() {
        return phase;
    }

    void switched() {
        if (phase == Phase.DECLARED) {
            phase = Phase.SWITCHED;
        }
    }

    void finished() {
        phase = Phase.FINISHED;
    }

    /** Notes that the order at {@code path} is in the new layout (a write after the switch, or a move). */
    void moved(KeyPath path) {
        if (phase != Phase.DECLARED) {
            moved.add(path);
        }
    }

    /** Where the order at {@code path} may be stored: the former layout, the new one, or either. */
    Where where(KeyPath path) {
        return switch (phase) {
            case DECLARED -> Where.FORMER;
            case FINISHED -> Where.NEW;
            case SWITCHED -> moved.contains(path) ? Where.NEW : Where.EITHER;
        };
    }

    /** A stored order's possible places. */
    enum Where { FORMER, NEW, EITHER }
}
