package dev.keypath.spark;

import dev.keypath.dynamodb.KeyPathTable;
import java.time.Clock;
import java.util.Iterator;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Makes each task's reader of its partition: a scan segment or an export's data file. Serializable. */
final class ItemReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;

    private final Object read;
    private final HadoopFiles files;

    ItemReaderFactory(Object read, HadoopFiles files) {
        this.read = read;
        this.files = files;
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        return open(read, files, partition);
    }

    /** The rows of one partition of {@code read}. */
    static ItemPartitionReader open(Object read, HadoopFiles files, InputPartition partition) {
        ItemRows rows = ReadPlans.rows(read);
        RowLayout layout = ReadPlans.layout(read);
        TableSpec spec = read instanceof TableRead t ? t.table() : ((ExportRead) read).typesSpec();
        KeyPathTable table = rows.typeName() == null || spec == null ? null : spec.open();
        int index;
        Iterator<Map<String, AttributeValue>> items;
        AutoCloseable source;
        TaskBudget budget;
        if (partition instanceof SegmentPartition s) {
            TableRead t = (TableRead) read;
            budget = new TaskBudget(s.readShare());
            items = new SegmentScan(t.table().connection().client(), t.table().tableName(), s.segment(),
                    s.totalSegments(), budget, t.consistent());
            source = () -> { };
            index = s.segment();
        } else {
            DataFilePartition f = (DataFilePartition) partition;
            ExportFiles.PartitionItems fileItems = ExportFiles.items(files, f);
            items = fileItems;
            source = fileItems;
            budget = new TaskBudget(0);
            index = f.index();
        }
        SideOutput side = rows.unreadableRows() == UnreadableRows.SIDE_OUTPUT
                ? new SideOutput(files, rows.sideOutput(), index) : null;
        return new ItemPartitionReader(items, new StoredItemRows(rows, layout, table, side, Clock.systemUTC()),
                budget, side, () -> {
                    try {
                        source.close();
                    } finally {
                        if (table != null) {
                            table.close();
                        }
                    }
                });
    }
}
