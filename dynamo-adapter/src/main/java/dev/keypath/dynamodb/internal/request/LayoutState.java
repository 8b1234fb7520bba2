package dev.keypath.dynamodb.internal.request;

/**
 * How one registered type of a table writes, as its declaration and the table's layout record decide
 * ({@link DeclaredLayout#judge}): in its own layout (no re-shard declared), refused (the declaration contradicts the
 * record), or, while a declared re-shard runs, in the former layout until the switch, in neither during the switch's
 * margin, and in the new layout from then on. Immutable.
 *
 * @param type     the registered class
 * @param name     the type's name in the record
 * @param refusal  why every write of the type is refused, or null
 * @param from     the layout a declared re-shard moves from, or null
 * @param to       the layout it moves to, or null
 * @param switchAt the epoch millisecond the record announces the switch for, or null before it is announced
 * @param margin   the clock margin of the switch, in milliseconds
 */
public record LayoutState(Class<?> type, String name, String refusal, String from, String to, Long switchAt,
                          long margin) {
    /** What a write of the type does now. */
    public enum Writes {
        /** Writes the one layout it declares. */
        OWN,
        /** Writes the former layout of its declared re-shard: the switch is not yet. */
        FORMER,
        /** Waits: the switch is within its clock margin, when no instance may write either layout. */
        WAIT,
        /** Writes the new layout of its declared re-shard, moving an item out of the former one first. */
        NEW,
        /** Refused: the declaration contradicts the record. */
        REFUSED
    }

    static LayoutState own(Class<?> type, String name) {
        return new LayoutState(type, name, null, null, null, null, 0);
    }

    static LayoutState switched(Class<?> type, String name, String from, String to) {
        return new LayoutState(type, name, null, from, to, 0L, 0);
    }

    static LayoutState resharding(Class<?> type, String name, String from, String to, Long switchAt, long margin) {
        return new LayoutState(type, name, null, from, to, switchAt, margin);
    }

    static LayoutState refused(Class<?> type, String name, String why) {
        return new LayoutState(type, name, why, null, null, null, 0);
    }

    /** What a write of the type does at epoch millisecond {@code now}. */
    public Writes at(long now) {
        if (refusal != null) {
            return Writes.REFUSED;
        }
        if (from == null) {
            return Writes.OWN;
        }
        if (switchAt == null || now < switchAt - margin) {
            return Writes.FORMER;
        }
        return now < switchAt + margin ? Writes.WAIT : Writes.NEW;
    }

    /**
     * The epoch millisecond up to which a write may go to the former layout: the start of the switch's margin, or
     * none (the largest long) before the switch is announced.
     */
    public long formerUntil() {
        return switchAt == null ? Long.MAX_VALUE : switchAt - margin;
    }

    /** The epoch millisecond from which the new layout is written: the end of the switch's margin. */
    public long newFrom() {
        return switchAt == null ? Long.MAX_VALUE : switchAt + margin;
    }
}
