package dev.keypath.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The plan of one read: its rows' layout, and its input partitions, one per scan segment of a table (each with its
 * task's share of the read budget) or per data file of an export. Made on the driver.
 */
final class ReadPlan implements ScanBuilder, Scan, Batch {
    /** The table bytes one segment is planned for at most. */
    static final long SEGMENT_BYTES = 128L << 20;

    private final Object read;
    private final RowLayout layout;

    ReadPlan(Object read) {
        this.read = read;
        this.layout = ReadPlans.layout(read);
    }

    @Override
    public Scan build() {
        return this;
    }

    @Override
    public StructType readSchema() {
        return layout.schema();
    }

    @Override
    public String description() {
        return read instanceof TableRead t ? "keypath table " + t.table().tableName()
                : "keypath export " + ((ExportRead) read).path();
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        SparkContext sc = SparkSession.active().sparkContext();
        if (read instanceof TableRead t) {
            return segments(sc, t).toArray(new InputPartition[0]);
        }
        ExportFiles export = ExportFiles.open(HadoopFiles.of(sc), ((ExportRead) read).path());
        return export.partitions().toArray(new InputPartition[0]);
    }

    /** One partition per segment of {@code read}'s scan, each with its share of the budget. */
    static List<SegmentPartition> segments(SparkContext sc, TableRead read) {
        int total = read.segments();
        if (total == 0) {
            TableDescription d = read.table().connection().client()
                    .describeTable(b -> b.tableName(read.table().tableName())).table();
            long bytes = d.tableSizeBytes() == null ? 0 : d.tableSizeBytes();
            int slots = BudgetShares.concurrentTasks(sc, Integer.MAX_VALUE, read.concurrentTasks());
            total = (int) Math.min(1_000_000, Math.max(slots, (bytes + SEGMENT_BYTES - 1) / SEGMENT_BYTES));
        }
        double share = BudgetShares.share(sc, read.readCapacity(), total, read.concurrentTasks());
        List<SegmentPartition> out = new ArrayList<>(total);
        for (int s = 0; s < total; s++) {
            out.add(new SegmentPartition(s, total, share));
        }
        return out;
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new ItemReaderFactory(read, HadoopFiles.of(SparkSession.active().sparkContext()));
    }
}
