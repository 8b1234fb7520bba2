package dev.keypath.spark;

import java.io.Serializable;
import java.time.Instant;

/**
 * What a {@link ReshardJob#run()} did, or what its {@link ReshardJob#verify()} found. Immutable.
 *
 * @param scanned    items read, keypath's own and other types' included
 * @param ofType     items of the type read (for a run, an item moved into a segment not scanned yet is read twice:
 *                   moved, then in place)
 * @param moved      items of the type moved into the new layout (0 for a verification)
 * @param inPlace    items of the type found where the new layout keeps them (for a run: before it moved them, or
 *                   moved meanwhile by a writer)
 * @param leftovers  former copies of items the new layout already held, removed
 * @param conflicts  moves that found the item changed or moved by a writer, after which it was read again
 * @param writeUnits the write capacity consumed
 * @param switchAt   the instant from which the tables write the new layout (null for a verification)
 */
public record ReshardJobRun(long scanned, long ofType, long moved, long inPlace, long leftovers, long conflicts,
                            double writeUnits, Instant switchAt) implements Serializable {
    /** Adds two tasks' counts. */
    ReshardJobRun plus(ReshardJobRun o) {
        return new ReshardJobRun(scanned + o.scanned, ofType + o.ofType, moved + o.moved, inPlace + o.inPlace,
                leftovers + o.leftovers, conflicts + o.conflicts, writeUnits + o.writeUnits, switchAt);
    }

    /** This run's counts with the switch's instant. */
    ReshardJobRun switchedAt(Instant instant) {
        return new ReshardJobRun(scanned, ofType, moved, inPlace, leftovers, conflicts, writeUnits, instant);
    }

    /** For a verification: whether every item of the type is where the new layout keeps it. */
    public boolean clean() {
        return inPlace == ofType;
    }

    /** One line for a log. */
    public String describe() {
        return "scanned " + scanned + ", of the type " + ofType + ", moved " + moved + ", in place " + inPlace
                + ", leftovers removed " + leftovers + ", conflicts " + conflicts + ", " + writeUnits
                + " write units" + (switchAt == null ? "" : ", switched at " + switchAt);
    }
}
