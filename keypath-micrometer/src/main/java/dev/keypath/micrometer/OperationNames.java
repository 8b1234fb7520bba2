package dev.keypath.micrometer;

import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/** The names this module gives operations, outcomes and capacity, computed once where they can be. Stateless. */
final class OperationNames {
    /** The outcome of an operation still running (its observation's keys before it stops). */
    static final String RUNNING = "unknown";
    private static final Map<OperationKind, String> OPERATIONS = new EnumMap<>(OperationKind.class);
    private static final Map<OperationReport.Outcome, String> OUTCOMES = new EnumMap<>(OperationReport.Outcome.class);
    /** The decimal strings of the counts most operations report: items of a page, requests, retries. */
    private static final String[] COUNTS = new String[1025];

    static {
        for (OperationKind kind : OperationKind.values()) {
            OPERATIONS.put(kind, lowerCamel(kind.name()));
        }
        for (OperationReport.Outcome outcome : OperationReport.Outcome.values()) {
            OUTCOMES.put(outcome, outcome.name().toLowerCase(Locale.ROOT));
        }
        for (int i = 0; i < COUNTS.length; i++) {
            COUNTS[i] = Integer.toString(i);
        }
    }

    private OperationNames() {
    }

    /** {@code get}, {@code getByAlias}, {@code batchWrite}, {@code readModifyWrite}, ... */
    static String operation(OperationKind kind) {
        return OPERATIONS.get(kind);
    }

    /** {@code success}, {@code condition_failed}, {@code error}. */
    static String outcome(OperationReport.Outcome outcome) {
        return OUTCOMES.get(outcome);
    }

    static String itemType(Class<?> type) {
        return type == null ? KeyPathObservationDocumentation.NONE : type.getSimpleName();
    }

    static String orNone(String value) {
        return value == null ? KeyPathObservationDocumentation.NONE : value;
    }

    /** {@code error.type}: the exception's fully qualified class name, or null for no error. */
    static String errorType(Throwable error) {
        return error == null ? null : error.getClass().getName();
    }

    /** {@code count} in decimal, without building the string for the counts of up to a page of items. */
    static String count(long count) {
        return count >= 0 && count < COUNTS.length ? COUNTS[(int) count] : Long.toString(count);
    }

    /** The capacity as OpenTelemetry's {@code aws.dynamodb.consumed_capacity} writes a {@code ConsumedCapacity}. */
    static String capacity(double readUnits, double writeUnits) {
        return "{\"ReadCapacityUnits\":" + readUnits + ",\"WriteCapacityUnits\":" + writeUnits + "}";
    }

    static String capacity(OperationCapacity capacity) {
        return capacity(capacity.readUnits(), capacity.writeUnits());
    }

    private static String lowerCamel(String constant) {
        StringBuilder out = new StringBuilder(constant.length());
        boolean upper = false;
        for (char c : constant.toLowerCase(Locale.ROOT).toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return out.toString();
    }
}
