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
        /** Step 2's switch is announced but may not have passed: the re-sharding instances write either layout. */
        ANNOUNCED,
        /** Step 2: the switch is announced and passed; the re-sharding instances write the new layout. */
        SWITCHED,
        /** The run moved every item and recorded the re-shard as finished. */
        FINISHED
    }

    final ExpectedTable items = new ExpectedTable();
    private Phase phase = Phase.DECLARED;
    private long movesFrom;
    private final Set<KeyPath> moved = new HashSet<>();

    Phase phase() {
        return phase;
    }

    /** The switch is announced; it has passed from {@code movesFrom} (epoch milliseconds, the system clock) on. */
    void announced(long movesFrom) {
        this.movesFrom = movesFrom;
        phase = Phase.ANNOUNCED;
    }

    /** When the announced switch has passed, in epoch milliseconds of the system clock. */
    long movesFrom() {
        return movesFrom;
    }

    void switched() {
        phase = Phase.SWITCHED;
    }

    void finished() {
        phase = Phase.FINISHED;
    }

    /** Notes that the order at {@code path} is in the new layout (a write after the switch, or a move). */
    void moved(KeyPath path) {
        if (phase == Phase.SWITCHED || phase == Phase.FINISHED) {
            moved.add(path);
        }
    }

    /** Where the order at {@code path} may be stored: the former layout, the new one, or either. */
    Where where(KeyPath path) {
        return switch (phase) {
            case DECLARED -> Where.FORMER;
            case FINISHED -> Where.NEW;
            case ANNOUNCED -> Where.EITHER;
            case SWITCHED -> moved.contains(path) ? Where.NEW : Where.EITHER;
        };
    }

    /** A stored order's possible places. */
    enum Where { FORMER, NEW, EITHER }
}
