package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationObservation;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import dev.keypath.dynamodb.RequestObservation;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * A table's listener and observer as one {@link OperationObserver}, and calls into observers that can never
 * change what an operation does: an exception an observer throws is dropped. Stateless.
 */
final class Observers {
    private Observers() {
    }

    /** One observer for both (either may be null), or null for neither. */
    static OperationObserver combined(OperationListener listener, OperationObserver observer) {
        if (listener == null) {
            return observer;
        }
        OperationObservation reporting = listener::onOperation; // one handle for every operation: nothing per call
        OperationObserver listening = start -> reporting;
        return observer == null ? listening : new Both(observer, listening);
    }

    /** {@code observer}'s handle for {@code start}, or {@link OperationObservation#NONE} if it failed or gave none. */
    static OperationObservation start(OperationObserver observer, OperationStart start) {
        try {
            OperationObservation observation = observer.start(start);
            return observation == null ? OperationObservation.NONE : observation;
        } catch (RuntimeException ignored) {
            return OperationObservation.NONE;
        }
    }

    static RequestObservation request(OperationObservation observation, String api, DynamoDbRequest sent) {
        try {
            RequestObservation request = observation.request(api, sent);
            return request == null ? RequestObservation.NONE : request;
        } catch (RuntimeException ignored) {
            return RequestObservation.NONE;
        }
    }

    static void answered(RequestObservation request, double readUnits, double writeUnits, long itemsRead) {
        try {
            request.answered(readUnits, writeUnits, itemsRead);
        } catch (RuntimeException ignored) {
            // observing must not change what the operation did
        }
    }

    static void failed(RequestObservation request, Throwable error) {
        try {
            request.failed(error);
        } catch (RuntimeException ignored) {
            // observing must not change what the operation did
        }
    }

    static void end(OperationObservation observation, OperationReport report) {
        try {
            observation.end(report);
        } catch (RuntimeException ignored) {
            // a report must not change what the operation did
        }
    }

    /** Two observers, each told everything; the first one's handle is the parent its operations' children see. */
    private record Both(OperationObserver first, OperationObserver second) implements OperationObserver {
        @Override
        public OperationObservation start(OperationStart start) {
            if (start.parent() instanceof BothObservations parents) { // each hears of its own parent handle
                return new BothObservations(Observers.start(first, withParent(start, parents.first())),
                        Observers.start(second, withParent(start, parents.second())));
            }
            return new BothObservations(Observers.start(first, start), Observers.start(second, start));
        }

        private static OperationStart withParent(OperationStart start, OperationObservation parent) {
            return new OperationStart(start.kind(), start.itemType(), start.table(), start.index(), start.keyPath(),
                    start.accessPattern(), parent);
        }
    }

    private record BothObservations(OperationObservation first, OperationObservation second)
            implements OperationObservation {
        @Override
        public RequestObservation request(String api) {
            return request(api, null);
        }

        @Override
        public RequestObservation request(String api, DynamoDbRequest sent) {
            RequestObservation a = Observers.request(first, api, sent);
            RequestObservation b = Observers.request(second, api, sent);
            return a == RequestObservation.NONE ? b : b == RequestObservation.NONE ? a : new BothRequests(a, b);
        }

        @Override
        public void end(OperationReport report) {
            Observers.end(first, report);
            Observers.end(second, report);
        }
    }

    private record BothRequests(RequestObservation first, RequestObservation second) implements RequestObservation {
        @Override
        public void answered(double readUnits, double writeUnits, long itemsRead) {
            Observers.answered(first, readUnits, writeUnits, itemsRead);
            Observers.answered(second, readUnits, writeUnits, itemsRead);
        }

        @Override
        public void failed(Throwable error) {
            Observers.failed(first, error);
            Observers.failed(second, error);
        }
    }
}
