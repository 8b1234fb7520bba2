package dev.keypath.spark;

import java.util.Iterator;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One task's rows: the stored items of its partition, each made into its row or sent where unreadable items go.
 * When the partition has been read to its end, the side output's file is written and the task waits until its
 * reads are paid for. One task's; not thread-safe.
 */
final class ItemPartitionReader implements PartitionReader<InternalRow> {
    private final Iterator<Map<String, AttributeValue>> items;
    private final StoredItemRows rows;
    private final TaskBudget budget;
    private final SideOutput side;
    private final AutoCloseable release;
    private InternalRow current;
    private boolean finished;

    ItemPartitionReader(Iterator<Map<String, AttributeValue>> items, StoredItemRows rows, TaskBudget budget,
                        SideOutput side, AutoCloseable release) {
        this.items = items;
        this.rows = rows;
        this.budget = budget;
        this.side = side;
        this.release = release;
    }

    @Override
    public boolean next() {
        while (items.hasNext()) {
            current = rows.row(items.next());
            if (current != null) {
                return true;
            }
        }
        current = null;
        if (!finished) {
            finished = true;
            if (side != null) {
                side.finish();
            }
            budget.finish();
        }
        return false;
    }

    @Override
    public InternalRow get() {
        return current;
    }

    @Override
    public void close() {
        try {
            release.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
