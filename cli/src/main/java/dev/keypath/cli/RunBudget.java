package dev.keypath.cli;

import picocli.CommandLine.Option;

/**
 * The options of a resumable keypath-migrate run's pace, shared by every {@code keypath migrate} phase: parallel
 * scan segments and the read and write capacity budgets for all of them together.
 */
final class RunBudget {
    @Option(names = "--segments", paramLabel = "N", defaultValue = "4",
            description = "Parallel scan segments, one thread each (default: ${DEFAULT-VALUE}).")
    int segments;

    @Option(names = "--read-capacity", paramLabel = "RCU", defaultValue = "0",
            description = "Read capacity units per second for all segments together; 0 for no limit.")
    double readCapacity;

    @Option(names = "--write-capacity", paramLabel = "WCU", defaultValue = "0",
            description = "Write capacity units per second for all segments together; 0 for no limit.")
    double writeCapacity;
}
