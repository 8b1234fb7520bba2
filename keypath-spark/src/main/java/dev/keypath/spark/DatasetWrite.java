package dev.keypath.spark;

import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * A Dataset written through the data source ({@code df.write().format("keypath")}): each task a
 * {@link PartitionWriter} with its share of the write budget; at the end, refused rows fail the write (naming them,
 * the others written) unless a refusals directory lists them.
 */
final class DatasetWrite implements WriteBuilder, Write, BatchWrite {
    private final TableWrite write;
    private final StructType schema;
    private final String reportId;

    DatasetWrite(TableWrite write, StructType schema, String reportId) {
        this.write = write;
        this.schema = schema;
        this.reportId = reportId;
        WriteColumns.of(schema, write.typeName() == null ? null : TypeClasses.load(write.typeName()));
        if (write.typeName() != null) {
            try (var table = write.table().open()) {
                WriteChecks.checkBatchWritable(table, TypeClasses.load(write.typeName()));
            }
        }
    }

    @Override
    public Write build() {
        return this;
    }

    @Override
    public BatchWrite toBatch() {
        return this;
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        SparkSession session = SparkSession.active();
        double share = BudgetShares.share(session.sparkContext(), write.writeCapacity(), info.numPartitions(),
                write.concurrentTasks());
        return new Factory(write, schema, share, HadoopFiles.of(session.sparkContext()));
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
        WriteReport report = WriteResult.report(List.of(messages));
        KeyPathDatasets.reported(reportId, report);
        if (report.refused() > 0 && write.refusalsDirectory() == null) {
            throw new RowsRefusedException(report);
        }
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
        // puts are not undone: what was written stays, as after a failed batch write
    }

    /** Makes each task's writer. */
    private record Factory(TableWrite write, StructType schema, double share, HadoopFiles files)
            implements DataWriterFactory {
        private static final long serialVersionUID = 1L;

        @Override
        public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
            PartitionWriter writer = new PartitionWriter(write, schema, share, partitionId, files);
            return new DataWriter<>() {
                @Override
                public void write(InternalRow row) {
                    writer.write(row);
                }

                @Override
                public WriterCommitMessage commit() {
                    return writer.finish();
                }

                @Override
                public void abort() {
                    // what the attempt wrote stays; a retry writes the same items again
                }

                @Override
                public void close() {
                    writer.close();
                }
            };
        }
    }
}
