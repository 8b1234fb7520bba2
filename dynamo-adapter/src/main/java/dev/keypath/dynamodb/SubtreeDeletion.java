package dev.keypath.dynamodb;

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
 */
public record SubtreeDeletion(long deleted, boolean complete, String resumeToken) {

    /** The token to pass to the next call, empty when the subtree is done. */
    public Optional<String> nextToken() {
        return Optional.ofNullable(resumeToken);
    }
}
