package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/** The outcome of an async table's future, for assertions: its value, or what it failed with, unwrapped. */
final class AsyncResults {
    static final long TIMEOUT_SECONDS = 30;

    private AsyncResults() {
    }

    /** The future's value; fails the test if it failed or did not complete in time. */
    static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("future failed or timed out", e);
        }
    }

    /** What the future failed with, as seen by a dependent stage; fails the test if it succeeded. */
    static Throwable failure(CompletableFuture<?> future) {
        Throwable e = await(future.handle((value, error) -> error));
        assertThat(e).as("future should have failed").isNotNull();
        assertThat(e).as("cause should not be wrapped").isNotInstanceOf(CompletionException.class);
        return e;
    }
}
