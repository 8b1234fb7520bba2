package dev.keypath.streams;

import java.util.List;

/**
 * The changes of one round of reads over a stream's shards, in order per key, and the checkpoint that resumes
 * after them. Store {@link #checkpoint()} once the changes are handled: resuming from it reads nothing twice and
 * nothing is lost. Immutable and thread-safe.
 *
 * @param changes the decoded changes (internal items left out unless asked for)
 * @param checkpoint where a reader resumes to read what follows these changes
 * @param recordCount the stream records read, counting those that gave no change
 */
public record ChangeBatch(List<ItemChange> changes, Checkpoint checkpoint, int recordCount) {
    /** Creates a batch; copies the list. */
    public ChangeBatch {
        changes = List.copyOf(changes);
    }

    /** True if the round read no record. */
    public boolean isEmpty() {
        return recordCount == 0;
    }
}
