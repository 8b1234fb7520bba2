package dev.keypath.benchmarks;

/**
 * One benchmark's result from a JMH JSON file. {@code group} is the benchmark class without its
 * {@code Benchmark} suffix (plus any JMH params), {@code variant} the method: the competitors of one
 * group share a class.
 *
 * @param bytesPerOp {@code gc.alloc.rate.norm}, or NaN when the run had no {@code -prof gc}
 */
record ResultRow(String group, String variant, double score, double error, String unit, double bytesPerOp) {}
