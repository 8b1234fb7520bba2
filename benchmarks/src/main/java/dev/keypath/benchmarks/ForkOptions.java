package dev.keypath.benchmarks;

/**
 * JVM options every benchmark fork runs with: a fixed heap whose pages are touched at start-up, so that
 * allocation in the measured code never waits for the kernel to hand out and zero fresh pages. On the
 * virtual machines these numbers come from, that wait made allocation-heavy runs swing by half.
 */
final class ForkOptions {
    private ForkOptions() {}

    static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
    static final String SMALL_HEAP_MIN = "-Xms2g";
    static final String SMALL_HEAP_MAX = "-Xmx2g";
    /** DynamoDB Local runs inside the end-to-end forks and keeps its tables in memory. */
    static final String ENGINE_HEAP_MIN = "-Xms4g";
    static final String ENGINE_HEAP_MAX = "-Xmx4g";
}
