package dev.keypath.micrometer;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import java.util.Objects;

/**
 * The context of the observation of one logical operation: what it is about to do ({@link #start()}), and once it
 * has ended, what it did ({@link #report()}). A custom {@link KeyPathObservationConvention} reads its keys from
 * here. Mutable, as every observation context; written by the operation's thread.
 */
public final class KeyPathOperationContext extends Observation.Context {
    private final OperationStart start;
    private volatile OperationReport report;
    /**
     * What the default convention keeps of this operation between its start and its stop, so that it is not built
     * twice: the shape's keys, and the key path as rendered. Each is one object of final fields, so a stop on
     * another thread sees it whole or not at all (then builds it again).
     */
    OperationKeys.Shape shape;
    RenderedKeyPath renderedKeyPath;

    /** A context for the operation {@code start} describes. */
    public KeyPathOperationContext(OperationStart start) {
        this.start = Objects.requireNonNull(start, "start");
    }

    /** What the operation is about to do. */
    public OperationStart start() {
        return start;
    }

    /** What it did, or null while it runs. */
    public OperationReport report() {
        return report;
    }

    void ended(OperationReport report) {
        this.report = report;
    }

    /** A key path and its key value, rendered once. */
    record RenderedKeyPath(KeyPath keyPath, KeyValue keyValue) {
    }
}
