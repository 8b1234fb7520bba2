package dev.keypath.migrate;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/** The live counts of one phase and the thread that reports them to a {@link MigrationProgress}. */
final class ProgressTicker implements AutoCloseable {
    /** Source items done; add to it before {@link #moved}, which is read first, so a report never has more moved. */
    final LongAdder scanned = new LongAdder();
    final LongAdder moved = new LongAdder();
    final LongAdder targetItems = new LongAdder();
    final CapacityMeter reads = new CapacityMeter();
    final CapacityMeter writes = new CapacityMeter();
    private final long startNanos = System.nanoTime();
    private final String phase;
    private final long sourceItems;
    private final MigrationProgress listener;
    private final ScheduledExecutorService timer;

    ProgressTicker(String phase, long sourceItems, MigrationProgress listener, Duration interval) {
        this.phase = phase;
        this.sourceItems = sourceItems;
        this.listener = listener;
        if (listener == MigrationProgress.NONE) {
            this.timer = null;
        } else {
            this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "keypath-migrate-progress");
                t.setDaemon(true);
                return t;
            });
            long millis = Math.max(1, interval.toMillis());
            timer.scheduleAtFixedRate(() -> listener.report(snapshot()), millis, millis, TimeUnit.MILLISECONDS);
        }
    }

    Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    MigrationProgress.Snapshot snapshot() {
        long movedNow = moved.sum();
        long scannedNow = scanned.sum();
        return new MigrationProgress.Snapshot(phase, scannedNow, movedNow, sourceItems, targetItems.sum(),
                reads.total(), writes.total(), elapsed());
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
