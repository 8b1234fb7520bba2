package dev.keypath.benchmarks.readcost;

import java.util.List;
import java.util.Map;

/**
 * One library's table of the social data set in one layout, on DynamoDB Local: created, bulk-loaded, then serving the
 * seven access patterns as that library's documentation teaches them.
 */
interface PeerTable {
    /** The library and layout, as the tables print it. */
    String label();

    /** Creates the table and its index. */
    void create();

    /** Writes every item of {@code data} with {@code BatchWriteItem}, 25 items a call, in the data set's order. */
    void load(SocialDataSet data);

    /** Deletes the table. */
    void drop();

    /** Runs {@code pattern} once, reading at {@code reads}. */
    Outcome run(AccessPattern pattern, Workload workload, Reads reads);

    /**
     * Undoes a write pattern's run, so that every run meets the same data: deletes the post the transaction created
     * and takes it off the user's count, or writes the deleted post and its subtree back.
     */
    void restore(AccessPattern pattern, Workload workload, SocialDataSet data);

    /** What a write pattern left, read back strongly consistent (see {@link Workload#expectedState}). */
    List<String> stateAfter(AccessPattern pattern, Workload workload);

    /** The bytes the table stores, without its index, as {@code DescribeTable} gives them. */
    long storedBytes();

    /** Items per stored type name, counted by a scan of the whole table. */
    Map<String, Long> countsByType();
}
