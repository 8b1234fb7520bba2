package dev.keypath.test.capacity;

import dev.keypath.dynamodb.storage.StoredItemSizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What a request asks of which partitions before the engine answers: the partition from the key attribute, the units
 * from what the request shows (a put's item size), else DynamoDB's minimum for the call (one write unit; one read
 * unit, half for an eventually consistent read), doubled in transactions.
 */
final class CallDemands {
    /** {@code name = :value} in a key condition; the partition key is always compared with {@code =}. */
    private static final Pattern EQUALITY = Pattern.compile("(#?[A-Za-z0-9_.\\-]+)\\s*=\\s*(:[A-Za-z0-9_]+)");

    private final String partitionKey;
    private final Function<String, String> indexPartitionKey;

    CallDemands(String partitionKey, Function<String, String> indexPartitionKey) {
        this.partitionKey = partitionKey;
        this.indexPartitionKey = indexPartitionKey;
    }

    Optional<Demand> put(PutItemRequest r) {
        return write(r.tableName(), r.item(), CapacityUnits.write(StoredItemSizes.itemSize(r.item())));
    }

    Optional<Demand> update(UpdateItemRequest r) {
        return write(r.tableName(), r.key(), CapacityUnits.write(0));
    }

    Optional<Demand> delete(DeleteItemRequest r) {
        return write(r.tableName(), r.key(), CapacityUnits.write(0));
    }

    Optional<Demand> get(GetItemRequest r) {
        return read(r.tableName(), r.key(), Boolean.TRUE.equals(r.consistentRead()));
    }

    /** The query's partition: the table's for a query of the table or a local index, the index's for a global one. */
    Optional<Demand> query(QueryRequest r) {
        boolean strong = Boolean.TRUE.equals(r.consistentRead());
        double units = CapacityUnits.read(0, strong);
        if (r.indexName() != null) {
            String indexKey = indexPartitionKey.apply(r.indexName());
            Optional<AttributeValue> v = queriedValue(r, indexKey);
            if (v.isPresent()) {
                return Optional.of(new Demand(PartitionId.of(r.tableName(), r.indexName(), v.get()),
                        Demand.Kind.READ, units));
            }
        }
        return queriedValue(r, partitionKey).map(v ->
                new Demand(PartitionId.of(r.tableName(), "", v), Demand.Kind.READ, units));
    }

    Optional<Demand> batchWrite(String table, WriteRequest w) {
        return w.putRequest() != null
                ? write(table, w.putRequest().item(), CapacityUnits.write(StoredItemSizes.itemSize(w.putRequest().item())))
                : write(table, w.deleteRequest().key(), CapacityUnits.write(0));
    }

    Optional<Demand> batchGet(String table, Map<String, AttributeValue> key, boolean strong) {
        return read(table, key, strong);
    }

    /** One demand per action, each doubled; an action on a table without the partition key attribute asks nothing. */
    List<Optional<Demand>> transactWrite(TransactWriteItemsRequest r) {
        List<Optional<Demand>> demands = new ArrayList<>();
        for (TransactWriteItem i : r.transactItems()) {
            Optional<Demand> d;
            if (i.put() != null) {
                d = write(i.put().tableName(), i.put().item(), CapacityUnits.write(StoredItemSizes.itemSize(i.put().item())));
            } else if (i.update() != null) {
                d = write(i.update().tableName(), i.update().key(), CapacityUnits.write(0));
            } else if (i.delete() != null) {
                d = write(i.delete().tableName(), i.delete().key(), CapacityUnits.write(0));
            } else {
                d = write(i.conditionCheck().tableName(), i.conditionCheck().key(), CapacityUnits.write(0));
            }
            demands.add(d.map(CallDemands::transactional));
        }
        return demands;
    }

    List<Optional<Demand>> transactGet(TransactGetItemsRequest r) {
        List<Optional<Demand>> demands = new ArrayList<>();
        for (TransactGetItem i : r.transactItems()) {
            demands.add(read(i.get().tableName(), i.get().key(), true).map(CallDemands::transactional));
        }
        return demands;
    }

    /** The partition an item (or a key) returned by or sent to {@code table} lies in, if it has the key attribute. */
    Optional<PartitionId> partitionOf(String table, Map<String, AttributeValue> item) {
        AttributeValue v = item.get(partitionKey);
        return v == null ? Optional.empty() : Optional.of(PartitionId.of(table, "", v));
    }

    private Optional<Demand> write(String table, Map<String, AttributeValue> item, double units) {
        return partitionOf(table, item).map(p -> new Demand(p, Demand.Kind.WRITE, units));
    }

    private Optional<Demand> read(String table, Map<String, AttributeValue> key, boolean strong) {
        return partitionOf(table, key).map(p -> new Demand(p, Demand.Kind.READ, CapacityUnits.read(0, strong)));
    }

    private static Demand transactional(Demand d) {
        return new Demand(d.partition(), d.kind(), CapacityUnits.transactional(d.units()));
    }

    private static Optional<AttributeValue> queriedValue(QueryRequest r, String attribute) {
        if (r.keyConditionExpression() != null) {
            Matcher m = EQUALITY.matcher(r.keyConditionExpression());
            while (m.find()) {
                String name = m.group(1);
                if (name.startsWith("#")) {
                    name = r.expressionAttributeNames().get(name);
                }
                if (attribute.equals(name)) {
                    return Optional.ofNullable(r.expressionAttributeValues().get(m.group(2)));
                }
            }
            return Optional.empty();
        }
        Condition c = r.keyConditions().get(attribute);
        return c != null && c.comparisonOperator() == ComparisonOperator.EQ && c.hasAttributeValueList()
                ? Optional.of(c.attributeValueList().get(0)) : Optional.empty();
    }
}
