package dev.keypath.spring.autoconfigure;

import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationReport;
import java.util.List;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Every {@link OperationListener} bean of the application as the table's one listener: each report goes to each of
 * them in order, and one that throws neither stops the others nor changes the operation. Immutable and thread-safe
 * (as its listeners must be).
 */
final class OperationListeners implements OperationListener {
    private static final Log LOG = LogFactory.getLog(OperationListeners.class);

    private final List<OperationListener> listeners;

    private OperationListeners(List<OperationListener> listeners) {
        this.listeners = listeners;
    }

    /** The table's listener for {@code listeners}: null for none, the one itself, or all of them in order. */
    static OperationListener of(List<OperationListener> listeners) {
        return switch (listeners.size()) {
            case 0 -> null;
            case 1 -> listeners.get(0);
            default -> new OperationListeners(List.copyOf(listeners));
        };
    }

    @Override
    public void onOperation(OperationReport report) {
        for (OperationListener listener : listeners) {
            try {
                listener.onOperation(report);
            } catch (RuntimeException e) {
                LOG.debug("An operation listener failed on the report of " + report.accessPattern(), e);
            }
        }
    }

    /** The listeners, in the order they are told (for tests and diagnostics). */
    List<OperationListener> listeners() {
        return listeners;
    }
}
