package dev.keypath.benchmarks.readcost;

import java.util.List;

/**
 * What one run of an access pattern gave its caller: the logical identities of the items, in order ({@code
 * user-<uuid>}, {@code post-<id>}, {@code comment-<postId>-<timestamp>}), or for a write what it did ({@code
 * deleted 61}), and how many items it returned (for a write, how many it wrote or deleted).
 *
 * @param items    the logical result, the same through every library when each is right
 * @param returned items handed to the caller, or written or deleted by a write
 */
record Outcome(List<String> items, int returned) {
    Outcome {
        items = List.copyOf(items);
    }

    /** An outcome whose count is its list's size. */
    static Outcome of(List<String> items) {
        return new Outcome(items, items.size());
    }
}
