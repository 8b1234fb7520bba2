package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/** Builds {@code Scan} requests and the type filter and fingerprint of an {@link ItemScan}. Pure. */
public final class ScanRequests {
    private ScanRequests() {
    }

    /**
     * The filter that keeps only items of {@code typeNames} ({@code _type IN (...)}), run by DynamoDB; empty
     * when no type is named.
     */
    public static Expr typeFilter(Set<String> typeNames) {
        if (typeNames.isEmpty()) {
            return Expr.NONE;
        }
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        List<String> placeholders = new ArrayList<>();
        for (String name : typeNames) {
            String placeholder = ":kp_type" + values.size();
            values.put(placeholder, AttributeValues.string(name));
            placeholders.add(placeholder);
        }
        return Expr.of("#kp_t IN (" + String.join(", ", placeholders) + ")", Map.of("#kp_t", TableAttributes.TYPE),
                values);
    }

    /**
     * A {@code Scan} request asking for {@code ask} of capacity (null: not asking); {@code filter} holds the type
     * filter and the caller's, {@code projection} may be empty.
     */
    public static ScanRequest request(String table, ItemScan s, Expr filter, Expr projection,
                               Map<String, AttributeValue> startKey, int pageLimit, ReturnConsumedCapacity ask) {
        Map<String, String> names = new LinkedHashMap<>(filter.names());
        names.putAll(projection.names());
        ScanRequest.Builder b = ScanRequest.builder().returnConsumedCapacity(ask).tableName(table)
                .filterExpression(filter.expression()).projectionExpression(projection.expression())
                .expressionAttributeNames(names.isEmpty() ? null : names).expressionAttributeValues(filter.valuesOrNull())
                .consistentRead(TableConsistency.of(s) == ReadConsistency.STRONG);
        if (s.isSegment()) {
            b.segment(s.segment()).totalSegments(s.totalSegments());
        }
        if (startKey != null) {
            b.exclusiveStartKey(startKey);
        }
        if (pageLimit > 0) {
            b.limit(pageLimit);
        }
        return b.build();
    }

    /**
     * Bytes that identify the scan for page tokens: table, segment, types, filter and consistency; the limit and
     * the token itself are excluded, and the prefix keeps a query's token from ever passing for a scan's.
     */
    public static byte[] fingerprint(String table, ItemScan s, Set<String> typeNames, Expr filter) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        field(out, "keypath-scan-v1");
        field(out, table);
        field(out, s.segment() + "/" + s.totalSegments());
        field(out, TableConsistency.of(s).name());
        field(out, String.join(",", new TreeSet<>(typeNames)));
        if (!filter.isEmpty()) {
            field(out, filter.expression());
            field(out, new TreeMap<>(filter.names()).toString());
            field(out, new TreeMap<>(filter.values()).toString());
        }
        return out.toByteArray();
    }

    private static void field(ByteArrayOutputStream out, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.write(bytes.length >>> 24);
        out.write(bytes.length >>> 16);
        out.write(bytes.length >>> 8);
        out.write(bytes.length);
        out.writeBytes(bytes);
    }
}
