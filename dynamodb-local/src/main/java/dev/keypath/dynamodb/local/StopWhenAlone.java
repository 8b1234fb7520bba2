package dev.keypath.dynamodb.local;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Closes an engine once the only threads that would keep the JVM alive are the engine's own. DynamoDB Local
 * starts its background jobs (index builds, TTL deletion) and its SQLite queue on non-daemon threads it does not
 * let anyone configure, so without this an application that returns from {@code main} without closing the engine
 * would never exit. The engine's threads are told by what they run (their stack holds DynamoDB Local's or
 * SQLite's code; they loop there for the engine's whole life), except threads that were alive before the engine
 * started: those are the application's, even while one of them runs DynamoDB Local's code to start another engine.
 * Runs on one daemon thread per engine, checking twice a second.
 */
final class StopWhenAlone implements Runnable {
    private static final long CHECK_MILLIS = 500;
    /** The thread that waits for the others when {@code main} has returned (HotSpot's name for it). */
    private static final String JVM_EXIT_WAITER = "DestroyJavaVM";

    /** Packages whose code runs on the engine's own non-daemon threads. */
    private static final List<String> ENGINE_CODE = List.of("software.amazon.dynamodb.", "com.almworks.sqlite4java.");

    private final EmbeddedDynamoDb engine;
    private final List<String> engineThreadNames;
    /** Ids of the threads alive before the engine started (ids are never reused). */
    private final Set<Long> applicationThreads;

    StopWhenAlone(EmbeddedDynamoDb engine, List<String> engineThreadNames, Set<Long> applicationThreads) {
        this.engine = engine;
        this.engineThreadNames = engineThreadNames;
        this.applicationThreads = applicationThreads;
    }

    /** The ids of the threads alive now: call it before starting an engine, for {@link #watch}. */
    static Set<Long> threadsAlive() {
        Set<Long> ids = new HashSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            ids.add(t.getId());
        }
        return Set.copyOf(ids);
    }

    /**
     * Starts watching {@code engine}, whose idle threads' names start with one of {@code engineThreadNames};
     * {@code applicationThreads} (from {@link #threadsAlive()} before the start) are never taken for its own.
     */
    static void watch(EmbeddedDynamoDb engine, List<String> engineThreadNames, Set<Long> applicationThreads) {
        Thread watcher = new Thread(new StopWhenAlone(engine, List.copyOf(engineThreadNames), applicationThreads),
                "dynamodb-local-watcher");
        watcher.setDaemon(true);
        watcher.start();
    }

    @Override
    public void run() {
        try {
            while (!engine.isClosed()) {
                Thread.sleep(CHECK_MILLIS);
                if (onlyEngineThreadsLeft()) {
                    engine.close();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean onlyEngineThreadsLeft() {
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            if (t.isAlive() && !t.isDaemon() && !t.getName().equals(JVM_EXIT_WAITER) && !isEngineThread(t, e.getValue())) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code thread}, whose stack is {@code stack}, is one of the engine's own. */
    boolean isEngineThread(Thread thread, StackTraceElement[] stack) {
        if (applicationThreads.contains(thread.getId())) {
            return false;
        }
        return engineThreadNames.stream().anyMatch(thread.getName()::startsWith) || runsEngineCode(stack);
    }

    private static boolean runsEngineCode(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            for (String prefix : ENGINE_CODE) {
                if (frame.getClassName().startsWith(prefix)) {
                    return true;
                }
            }
        }
        return false;
    }
}
