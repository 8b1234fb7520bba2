package dev.keypath.dynamodb;

import java.util.Objects;
import java.util.Optional;

/**
 * What {@link KeyPathTable#deleteSubtree} did: how many items it deleted, whether the subtree is now empty
 * ({@code false} when it stopped at its item limit), and where to go on. Immutable.
 *
 * @param deleted     items deleted by this call
 * @param complete    true if no item was left under the prefix when the call ended
 * @param resumeToken null when complete; otherwise a signed token naming the last deleted key, which
 *                    {@link KeyPathTable#deleteSubtree(KeyPath, long, String)} takes to go on right after it (only
 *                    for the same table and prefix)
 * @param capacity    the capacity the call consumed (the queries of keys and the batch deletes, retries
 *                    included); {@link OperationCapacity#NONE} when built by hand. Left out of {@link #equals}
 */
public record SubtreeDeletion(long deleted, boolean complete, String resumeToken, OperationCapacity capacity) {
    /** Checks the capacity. */
    public SubtreeDeletion {
        Objects.requireNonNull(capacity, "capacity");
    }

    /** A deletion with no capacity recorded ({@link OperationCapacity#NONE}). */
    public SubtreeDeletion(long deleted, boolean complete, String resumeToken) {
        this(deleted, complete, resumeToken, OperationCapacity.NONE);
    }

    /** This deletion with {@code capacity} as the capacity it consumed. */
    public SubtreeDeletion withCapacity(OperationCapacity capacity) {
        return new SubtreeDeletion(deleted, complete, resumeToken, capacity);
    }

    /** Deletions are equal when their count, completeness and token are; the capacity is left out. */
    @Override
    public boolean equals(Object o) {
        return o instanceof SubtreeDeletion d && deleted == d.deleted && complete == d.complete
                && Objects.equals(resumeToken, d.resumeToken);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deleted, complete, resumeToken);
    }

    /** The token to pass to the next call, empty when the subtree is done. */
    public Optional<String> nextToken() {
        return Optional.ofNullable(resumeToken);
    }
}
