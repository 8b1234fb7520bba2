package dev.keypath.micrometer;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * What a DynamoDB request sets of the attributes OpenTelemetry's DynamoDB conventions take from the request: the
 * tables it names, its index, and the read settings of a get, query or scan. A field the request leaves unset is
 * null. Immutable.
 *
 * @param tables         the tables, each once, in the request's order; empty when it names none
 * @param index          {@code IndexName}
 * @param consistentRead {@code ConsistentRead}
 * @param limit          {@code Limit}
 * @param projection     {@code ProjectionExpression}
 * @param scanForward    {@code ScanIndexForward}
 * @param select         {@code Select}
 * @param segment        {@code Segment}
 * @param totalSegments  {@code TotalSegments}
 * @param readsItems     whether the response counts the items DynamoDB read ({@code ScannedCount}): a query or scan
 */
record RequestFields(List<String> tables, String index, Boolean consistentRead, Integer limit, String projection,
                     Boolean scanForward, String select, Integer segment, Integer totalSegments, boolean readsItems) {
    /** What {@code request} sets; when it is null, only {@code table}, the operation's. */
    static RequestFields of(DynamoDbRequest request, String table) {
        if (request instanceof GetItemRequest r) {
            return new RequestFields(one(r.tableName()), null, r.consistentRead(), null, r.projectionExpression(),
                    null, null, null, null, false);
        }
        if (request instanceof QueryRequest r) {
            return new RequestFields(one(r.tableName()), r.indexName(), r.consistentRead(), r.limit(),
                    r.projectionExpression(), r.scanIndexForward(), r.selectAsString(), null, null, true);
        }
        if (request instanceof ScanRequest r) {
            return new RequestFields(one(r.tableName()), r.indexName(), r.consistentRead(), r.limit(),
                    r.projectionExpression(), null, r.selectAsString(), r.segment(), r.totalSegments(), true);
        }
        return tablesOnly(tables(request, table));
    }

    private static RequestFields tablesOnly(List<String> tables) {
        return new RequestFields(tables, null, null, null, null, null, null, null, null, false);
    }

    private static List<String> tables(DynamoDbRequest request, String table) {
        if (request instanceof PutItemRequest r) {
            return one(r.tableName());
        }
        if (request instanceof UpdateItemRequest r) {
            return one(r.tableName());
        }
        if (request instanceof DeleteItemRequest r) {
            return one(r.tableName());
        }
        if (request instanceof BatchGetItemRequest r) {
            return List.copyOf(r.requestItems().keySet());
        }
        if (request instanceof BatchWriteItemRequest r) {
            return List.copyOf(r.requestItems().keySet());
        }
        if (request instanceof TransactWriteItemsRequest r) {
            Set<String> names = new LinkedHashSet<>();
            for (TransactWriteItem item : r.transactItems()) {
                names.add(writeTable(item));
            }
            names.remove(null);
            return List.copyOf(names);
        }
        if (request instanceof TransactGetItemsRequest r) {
            Set<String> names = new LinkedHashSet<>();
            for (TransactGetItem item : r.transactItems()) {
                names.add(item.get() == null ? null : item.get().tableName());
            }
            names.remove(null);
            return List.copyOf(names);
        }
        if (request instanceof DescribeTableRequest r) {
            return one(r.tableName());
        }
        if (request instanceof CreateTableRequest r) {
            return one(r.tableName());
        }
        if (request instanceof UpdateTableRequest r) {
            return one(r.tableName());
        }
        if (request instanceof UpdateTimeToLiveRequest r) {
            return one(r.tableName());
        }
        if (request instanceof DescribeTimeToLiveRequest r) {
            return one(r.tableName());
        }
        return one(table);
    }

    private static String writeTable(TransactWriteItem item) {
        if (item.put() != null) {
            return item.put().tableName();
        }
        if (item.update() != null) {
            return item.update().tableName();
        }
        if (item.delete() != null) {
            return item.delete().tableName();
        }
        return item.conditionCheck() == null ? null : item.conditionCheck().tableName();
    }

    private static List<String> one(String table) {
        List<String> out = new ArrayList<>(1);
        if (table != null) {
            out.add(table);
        }
        return List.copyOf(out);
    }
}
