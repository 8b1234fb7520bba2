package dev.keypath.benchmarks;

import java.util.function.Supplier;

/**
 * The get, put and page of {@link PipelineCalls} as plain suppliers, whichever class loader's build made them, so a
 * benchmark calls both builds the same way; {@code owner} closes their client.
 */
record BuildCalls(AutoCloseable owner, Supplier<Object> get, Supplier<Object> put, Supplier<Object> page)
        implements AutoCloseable {

    /** The calls of this build's {@code calls}. */
    static BuildCalls of(PipelineCalls calls) {
        return new BuildCalls(calls, calls.call("get"), calls.call("put"), calls.call("page"));
    }

    @Override
    public void close() throws Exception {
        owner.close();
    }
}
