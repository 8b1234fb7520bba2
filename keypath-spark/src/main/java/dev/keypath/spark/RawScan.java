package dev.keypath.spark;

import dev.keypath.export.ExportLines;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Every stored item of a table, as it is stored (any keys: a string-keyed source as well as a key-path table), as
 * lines of DynamoDB JSON ({@link ExportLines}): one partition per parallel-scan segment, each within its task's share
 * of the read budget ({@link SegmentScan}), consistent reads. For the bulk jobs, which read tables keypath cannot map
 * to rows. Stateless.
 */
final class RawScan {
    private RawScan() {
    }

    /** The items of {@code table} on {@code connection} in {@code segments} segments. */
    static JavaRDD<String> lines(SparkSession spark, DynamoDbConnection connection, String table, int segments,
                                 double readCapacity, int concurrentTasks) {
        double share = BudgetShares.share(spark.sparkContext(), readCapacity, segments, concurrentTasks);
        List<Integer> all = new ArrayList<>(segments);
        for (int s = 0; s < segments; s++) {
            all.add(s);
        }
        return JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(all, segments)
                .mapPartitions(segmentsOfTask -> {
                    List<Iterator<String>> out = new ArrayList<>();
                    while (segmentsOfTask.hasNext()) {
                        out.add(segment(connection, table, segmentsOfTask.next(), segments, share));
                    }
                    return out.size() == 1 ? out.get(0) : out.stream().flatMap(it -> {
                        List<String> l = new ArrayList<>();
                        it.forEachRemaining(l::add);
                        return l.stream();
                    }).iterator();
                });
    }

    private static Iterator<String> segment(DynamoDbConnection connection, String table, int segment, int total,
                                            double share) {
        TaskBudget budget = new TaskBudget(share);
        SegmentScan scan = new SegmentScan(connection.client(), table, segment, total, budget, true);
        return new Iterator<>() {
            private boolean finished;

            @Override
            public boolean hasNext() {
                boolean more = scan.hasNext();
                if (!more && !finished) {
                    finished = true;
                    budget.finish();
                }
                return more;
            }

            @Override
            public String next() {
                return ExportLines.write(scan.next());
            }
        };
    }
}
