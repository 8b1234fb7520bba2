/**
 * JMH benchmarks of keypath against its competitors: the core codec against FoundationDB's tuple layer and
 * hand-built string keys, and the item mapper and table against the AWS SDK. {@link dev.keypath.benchmarks.Summary}
 * turns a JMH result file into the tables of {@code benchmarks/README.md}, which says how to run them.
 */
package dev.keypath.benchmarks;
