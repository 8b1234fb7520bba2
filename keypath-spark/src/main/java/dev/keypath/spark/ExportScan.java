package dev.keypath.spark;

import dev.keypath.export.ExportLines;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Every stored item of an export, as it is stored (any keys: the export of a string-keyed source as well as of a
 * key-path table), as lines of DynamoDB JSON ({@link ExportLines}): one partition per data file, its MD5, ETag and
 * item count checked against the files manifest once its last line is read ({@link ExportFiles#items}; a file that
 * differs fails its task). For the bulk jobs, whose source may be an export. Stateless.
 */
final class ExportScan {
    private ExportScan() {
    }

    /** The items of the export at {@code path}, whose manifests the driver opens and checks. */
    static JavaRDD<String> lines(SparkSession spark, String path) {
        HadoopFiles files = HadoopFiles.of(spark.sparkContext());
        List<DataFilePartition> all = ExportFiles.open(files, path).partitions();
        return JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(all, Math.max(1, all.size()))
                .mapPartitions(partitions -> new Iterator<String>() {
                    private ExportFiles.PartitionItems current;

                    @Override
                    public boolean hasNext() {
                        while (current == null || !current.hasNext()) {
                            if (current != null) {
                                current.close();
                                current = null;
                            }
                            if (!partitions.hasNext()) {
                                return false;
                            }
                            current = ExportFiles.items(files, partitions.next());
                        }
                        return true;
                    }

                    @Override
                    public String next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        return ExportLines.write(current.next());
                    }
                });
    }
}
