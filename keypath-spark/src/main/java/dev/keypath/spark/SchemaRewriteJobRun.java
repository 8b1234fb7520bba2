package dev.keypath.spark;

import java.io.Serializable;

/**
 * What a {@link SchemaRewriteJob#run()} did, or what its {@link SchemaRewriteJob#verify()} found. Immutable.
 *
 * @param scanned    items read, keypath's own and other types' included
 * @param ofType     items of the type
 * @param rewritten  items of the type rewritten in their current form (0 for a verification)
 * @param current    items of the type found already in their current form
 * @param conflicts  writes that met another writer's change, after which the item was rewritten from what it held
 * @param writeUnits the write capacity consumed
 */
public record SchemaRewriteJobRun(long scanned, long ofType, long rewritten, long current, long conflicts,
                                  double writeUnits) implements Serializable {
    /** Adds two tasks' counts. */
    SchemaRewriteJobRun plus(SchemaRewriteJobRun o) {
        return new SchemaRewriteJobRun(scanned + o.scanned, ofType + o.ofType, rewritten + o.rewritten,
                current + o.current, conflicts + o.conflicts, writeUnits + o.writeUnits);
    }

    /** For a verification: whether every item of the type is in its current form. */
    public boolean clean() {
        return current == ofType;
    }

    /** One line for a log. */
    public String describe() {
        return "scanned " + scanned + ", of the type " + ofType + ", rewritten " + rewritten + ", current " + current
                + ", conflicts " + conflicts + ", " + writeUnits + " write units";
    }
}
