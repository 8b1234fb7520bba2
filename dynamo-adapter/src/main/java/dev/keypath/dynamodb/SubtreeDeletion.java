package dev.keypath.dynamodb;

/**
 * What {@link KeyPathTable#deleteSubtree} did: how many items it deleted, and whether the subtree is now empty
 * ({@code false} when it stopped at its item limit; run it again to go on). Immutable.
 *
 * @param deleted  items deleted by this call
 * @param complete true if no item was left under the prefix when the call ended
 */
public record SubtreeDeletion(long deleted, boolean complete) {
}
