/**
 * The peer read-cost benchmark: what each access pattern of one social data set costs through keypath and through the
 * AWS SDK Enhanced Client, counted in requests, read and write units and items read on DynamoDB Local, and timed.
 * {@link dev.keypath.benchmarks.readcost.PeerReadCost} runs it; {@code benchmarks/README.md} says how and what it
 * measured.
 *
 * <p>Where to start: {@code SocialDataSet} generates the data, {@code Workload} picks each pattern's arguments and
 * knows its right answer, a {@code PeerTable} per library and layout ({@code KeyPathHierarchy}, {@code KeyPathFlat},
 * {@code EnhancedPeer}) loads the data and serves the patterns, {@code RequestMeter} counts what each sends, and
 * {@code ReadCostRun} alternates them.
 */
package dev.keypath.benchmarks.readcost;
