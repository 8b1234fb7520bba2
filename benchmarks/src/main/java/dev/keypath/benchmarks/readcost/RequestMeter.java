package dev.keypath.benchmarks.readcost;

import java.util.List;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Counts what every library sends, the same way for all: an interceptor on the one SDK client they share. It asks
 * for {@code ReturnConsumedCapacity=TOTAL} on every data request (whatever the library asked), and while a
 * measurement is open it counts the HTTP requests sent (retries included), the read and write units each answer
 * reports, and the items DynamoDB read: a query's or scan's {@code ScannedCount}, the items a get or batch get
 * returned.
 *
 * <p>One measurement at a time: {@link #start()}, the calls, {@link #stop()}. Thread-safe, since a library may send
 * from threads of its own.
 */
final class RequestMeter implements ExecutionInterceptor {
    private boolean open;
    private long requests;
    private double readUnits;
    private double writeUnits;
    private long itemsRead;

    /** Starts counting from zero. */
    synchronized void start() {
        open = true;
        requests = 0;
        readUnits = 0;
        writeUnits = 0;
        itemsRead = 0;
    }

    /** Stops counting and returns what was counted since {@link #start()}. */
    synchronized Tally stop() {
        open = false;
        return new Tally(requests, readUnits, writeUnits, itemsRead);
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        SdkRequest r = context.request();
        ReturnConsumedCapacity total = ReturnConsumedCapacity.TOTAL;
        if (r instanceof GetItemRequest g) {
            return g.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof QueryRequest q) {
            return q.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof ScanRequest s) {
            return s.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof BatchGetItemRequest b) {
            return b.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof TransactGetItemsRequest t) {
            return t.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof PutItemRequest p) {
            return p.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof UpdateItemRequest u) {
            return u.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof DeleteItemRequest d) {
            return d.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof BatchWriteItemRequest b) {
            return b.toBuilder().returnConsumedCapacity(total).build();
        } else if (r instanceof TransactWriteItemsRequest t) {
            return t.toBuilder().returnConsumedCapacity(total).build();
        }
        return r;
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        synchronized (this) {
            if (open) {
                requests++;
            }
        }
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        SdkResponse r = context.response();
        if (r instanceof GetItemResponse g) {
            count(List.of(capacity(g.consumedCapacity())), true, g.hasItem() && !g.item().isEmpty() ? 1 : 0);
        } else if (r instanceof QueryResponse q) {
            count(List.of(capacity(q.consumedCapacity())), true, q.scannedCount() == null ? 0 : q.scannedCount());
        } else if (r instanceof ScanResponse s) {
            count(List.of(capacity(s.consumedCapacity())), true, s.scannedCount() == null ? 0 : s.scannedCount());
        } else if (r instanceof BatchGetItemResponse b) {
            count(b.consumedCapacity(), true, b.responses().values().stream().mapToLong(List::size).sum());
        } else if (r instanceof TransactGetItemsResponse t) {
            count(t.consumedCapacity(), true, t.responses().stream().filter(i -> i.hasItem() && !i.item().isEmpty())
                    .count());
        } else if (r instanceof PutItemResponse p) {
            count(List.of(capacity(p.consumedCapacity())), false, 0);
        } else if (r instanceof UpdateItemResponse u) {
            count(List.of(capacity(u.consumedCapacity())), false, 0);
        } else if (r instanceof DeleteItemResponse d) {
            count(List.of(capacity(d.consumedCapacity())), false, 0);
        } else if (r instanceof BatchWriteItemResponse b) {
            count(b.consumedCapacity(), false, 0);
        } else if (r instanceof TransactWriteItemsResponse t) {
            count(t.consumedCapacity(), false, 0);
        }
    }

    private static ConsumedCapacity capacity(ConsumedCapacity c) {
        return c == null ? ConsumedCapacity.builder().build() : c;
    }

    /**
     * Adds the units of {@code capacities}: their read and write units where the answer splits them, else their total
     * as read units for a read request and write units for a write.
     */
    private synchronized void count(List<ConsumedCapacity> capacities, boolean readRequest, long read) {
        if (!open) {
            return;
        }
        for (ConsumedCapacity c : capacities) {
            if (c.readCapacityUnits() != null || c.writeCapacityUnits() != null) {
                readUnits += c.readCapacityUnits() == null ? 0 : c.readCapacityUnits();
                writeUnits += c.writeCapacityUnits() == null ? 0 : c.writeCapacityUnits();
            } else if (c.capacityUnits() != null) {
                if (readRequest) {
                    readUnits += c.capacityUnits();
                } else {
                    writeUnits += c.capacityUnits();
                }
            }
        }
        itemsRead += read;
    }

    /**
     * What one measurement counted.
     *
     * @param requests   HTTP requests sent to DynamoDB
     * @param readUnits  read capacity units consumed, as the answers reported them
     * @param writeUnits write capacity units consumed
     * @param itemsRead  items DynamoDB read: scanned by queries and scans, returned by gets
     */
    record Tally(long requests, double readUnits, double writeUnits, long itemsRead) {}
}
