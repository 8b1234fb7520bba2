package dev.keypath.migrate;

import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Runs one task per scan segment on threads of their own; the first failure stops the others (by interrupting
 * them) and is rethrown as it is.
 */
final class Segments {
    private Segments() {
    }

    static void run(int segments, String phase, IntConsumer task) {
        AtomicInteger n = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(segments, r -> {
            Thread t = new Thread(r, "keypath-migrate-" + phase + "-" + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        });
        try {
            CompletionService<Void> done = new ExecutorCompletionService<>(pool);
            for (int i = 0; i < segments; i++) {
                int segment = i;
                done.submit(() -> {
                    task.accept(segment);
                    return null;
                });
            }
            for (int i = 0; i < segments; i++) {
                done.take().get();
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MigrationInterruptedException("the " + phase + " was interrupted");
        } finally {
            pool.shutdownNow();
        }
    }
}
