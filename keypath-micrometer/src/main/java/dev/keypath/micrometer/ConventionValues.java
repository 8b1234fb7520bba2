package dev.keypath.micrometer;

import dev.keypath.dynamodb.OperationCapacity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Values of OpenTelemetry's DynamoDB keys as Micrometer's text: arrays of names joined by commas, the
 * {@code ConsumedCapacity} objects of {@code aws.dynamodb.consumed_capacity} as a JSON array; and the way back, from
 * that text to the array a span carries. Stateless.
 */
final class ConventionValues {
    private ConventionValues() {
    }

    /** The names as one value: joined by commas (DynamoDB's table and index names hold none). */
    static String names(List<String> names) {
        return String.join(",", names);
    }

    /** The {@code ConsumedCapacity} of one request on {@code table}, as a JSON array of its one object. */
    static String capacity(String table, double readUnits, double writeUnits) {
        StringBuilder out = new StringBuilder("[");
        object(out, table, new OperationCapacity.Units(readUnits, writeUnits), Map.of(), Map.of());
        return out.append(']').toString();
    }

    /**
     * The capacity of an operation on {@code table}, as a JSON array of one {@code ConsumedCapacity} object per table
     * (its indexes under the operation's own table).
     */
    static String capacity(String table, OperationCapacity capacity) {
        StringBuilder out = new StringBuilder("[");
        Map<String, OperationCapacity.Units> tables = capacity.tables();
        if (tables.isEmpty()) {
            object(out, table, new OperationCapacity.Units(capacity.readUnits(), capacity.writeUnits()),
                    capacity.globalIndexes(), capacity.localIndexes());
        } else {
            boolean first = true;
            for (Map.Entry<String, OperationCapacity.Units> e : tables.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                boolean own = e.getKey().equals(table) || !tables.containsKey(table) && first;
                object(out, e.getKey(), e.getValue(), own ? capacity.globalIndexes() : Map.of(),
                        own ? capacity.localIndexes() : Map.of());
                first = false;
            }
        }
        return out.append(']').toString();
    }

    /** The elements of an array value: a JSON array's top-level values, or names joined by commas. */
    static List<String> elements(String value) {
        List<String> out = new ArrayList<>();
        if (!value.startsWith("[")) {
            for (String name : value.split(",")) {
                if (!name.isEmpty()) {
                    out.add(name);
                }
            }
            return out;
        }
        int depth = 0;
        int start = -1;
        boolean quoted = false;
        for (int i = 1; i < value.length() - 1; i++) {
            char c = value.charAt(i);
            if (quoted) {
                quoted = c != '"' || value.charAt(i - 1) == '\\';
                continue;
            }
            if (c == '"') {
                quoted = true;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
            }
            if (start < 0 && !Character.isWhitespace(c)) {
                start = i;
            }
            if (depth == 0 && c == ',') {
                out.add(value.substring(start, i).trim());
                start = -1;
            }
        }
        if (start >= 0) {
            out.add(value.substring(start, value.length() - 1).trim());
        }
        return out;
    }

    private static void object(StringBuilder out, String table, OperationCapacity.Units units,
                               Map<String, OperationCapacity.Units> global, Map<String, OperationCapacity.Units> local) {
        out.append("{\"TableName\":\"").append(table).append("\",");
        units(out, units);
        if (!global.isEmpty()) {
            out.append(",\"GlobalSecondaryIndexes\":");
            indexes(out, global);
        }
        if (!local.isEmpty()) {
            out.append(",\"LocalSecondaryIndexes\":");
            indexes(out, local);
        }
        out.append('}');
    }

    private static void indexes(StringBuilder out, Map<String, OperationCapacity.Units> indexes) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, OperationCapacity.Units> e : indexes.entrySet()) {
            if (!first) {
                out.append(',');
            }
            out.append('"').append(e.getKey()).append("\":{");
            units(out, e.getValue());
            out.append('}');
            first = false;
        }
        out.append('}');
    }

    private static void units(StringBuilder out, OperationCapacity.Units units) {
        out.append("\"CapacityUnits\":").append(units.totalUnits())
                .append(",\"ReadCapacityUnits\":").append(units.readUnits())
                .append(",\"WriteCapacityUnits\":").append(units.writeUnits());
    }
}
