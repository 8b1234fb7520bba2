package dev.keypath.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationView;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An observation handler that counts observations started and stopped, and the deepest chain of parents any
 * started observation had: what stays open, and whether parents pile up. Thread-safe.
 */
final class OpenObservations implements ObservationHandler<Observation.Context> {
    private final AtomicLong started = new AtomicLong();
    private final AtomicLong stopped = new AtomicLong();
    private final AtomicInteger deepest = new AtomicInteger();

    @Override
    public void onStart(Observation.Context context) {
        started.incrementAndGet();
        int depth = 0;
        for (Observation.ContextView parent = parentOf(context); parent != null; parent = parentOf(parent)) {
            depth++;
        }
        deepest.accumulateAndGet(depth, Math::max);
    }

    private static Observation.ContextView parentOf(Observation.ContextView context) {
        ObservationView parent = context.getParentObservation();
        return parent == null ? null : parent.getContextView();
    }

    @Override
    public void onStop(Observation.Context context) {
        stopped.incrementAndGet();
    }

    @Override
    public boolean supportsContext(Observation.Context context) {
        return true;
    }

    long started() {
        return started.get();
    }

    /** Started and not yet stopped. */
    long open() {
        return started.get() - stopped.get();
    }

    /** The longest chain of parents an observation had when it started (0: none). */
    int deepestParents() {
        return deepest.get();
    }
}
