package dev.keypath.spark;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.dynamodb.storage.StoredItemSizes;
import dev.keypath.export.ExportLines;
import dev.keypath.migrate.SchemaRewrite;
import dev.keypath.migrate.SchemaRewrite.ItemRewrite;
import dev.keypath.migrate.SchemaRewrite.UpgradeOutcome;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.SparkSession;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * keypath-migrate's schema rewrite as a Spark job: each task scans one segment of the table within its share of the
 * read budget and rewrites each item of the type that is not in its current form as {@link SchemaRewrite} does (one
 * conditional {@code UpdateItem} of the attributes that differ; a concurrent writer's change is never overwritten),
 * within its share of the write budget. An item already current is left alone, so a run stopped anywhere is resumed
 * by running it again: what was rewritten is found current. {@link #verify()} reads the table again and counts the
 * items of the type not yet current. The type is a class {@link TableSpec} registers. Immutable.
 *
 * <pre>{@code
 * SchemaRewriteJobRun run = SchemaRewriteJob.of(spark, app, Member.class).segments(64).writeCapacity(1000).run();
 * }</pre>
 */
public final class SchemaRewriteJob {
    private final SparkSession spark;
    private final TableSpec table;
    private final String type;
    private final int segments;
    private final double readCapacity;
    private final double writeCapacity;
    private final int concurrentTasks;

    private SchemaRewriteJob(SparkSession spark, TableSpec table, String type, int segments, double readCapacity,
                             double writeCapacity, int concurrentTasks) {
        this.spark = Objects.requireNonNull(spark, "spark");
        this.table = Objects.requireNonNull(table, "table");
        this.type = Objects.requireNonNull(type, "type");
        this.segments = segments;
        this.readCapacity = readCapacity;
        this.writeCapacity = writeCapacity;
        this.concurrentTasks = concurrentTasks;
    }

    /** The rewrite of the items of {@code type} in {@code table}: 8 segments, no budgets. */
    public static SchemaRewriteJob of(SparkSession spark, TableSpec table, Class<?> type) {
        if (!table.typeNames().contains(type.getName())) {
            throw new IllegalArgumentException(type.getName() + " is not registered in " + table);
        }
        return new SchemaRewriteJob(spark, table, type.getName(), 8, 0, 0, 0);
    }

    /** This job in {@code segments} scan segments, one task each. */
    public SchemaRewriteJob segments(int segments) {
        if (segments < 1 || segments > 1_000_000) {
            throw new IllegalArgumentException("segments must be 1 to 1000000, not " + segments);
        }
        return new SchemaRewriteJob(spark, table, type, segments, readCapacity, writeCapacity, concurrentTasks);
    }

    /** This job within {@code unitsPerSecond} read units for all its tasks (0: none). */
    public SchemaRewriteJob readCapacity(double unitsPerSecond) {
        new TaskBudget(unitsPerSecond);
        return new SchemaRewriteJob(spark, table, type, segments, unitsPerSecond, writeCapacity, concurrentTasks);
    }

    /** This job within {@code unitsPerSecond} write units for all its tasks (0: none). */
    public SchemaRewriteJob writeCapacity(double unitsPerSecond) {
        new TaskBudget(unitsPerSecond);
        return new SchemaRewriteJob(spark, table, type, segments, readCapacity, unitsPerSecond, concurrentTasks);
    }

    /** This job, its budgets divided among {@code tasks} tasks at once instead of the slots counted. */
    public SchemaRewriteJob concurrentTasks(int tasks) {
        if (tasks < 1) {
            throw new IllegalArgumentException("concurrent tasks must be positive, not " + tasks);
        }
        return new SchemaRewriteJob(spark, table, type, segments, readCapacity, writeCapacity, tasks);
    }

    /** Rewrites every item of the type not in its current form. */
    public SchemaRewriteJobRun run() {
        return pass(true);
    }

    /** Reads the table again and counts the items of the type, and those in their current form; writes nothing. */
    public SchemaRewriteJobRun verify() {
        return pass(false);
    }

    private SchemaRewriteJobRun pass(boolean write) {
        TableSpec spec = table;
        String typeName = type;
        double writeShare = write ? BudgetShares.share(spark.sparkContext(), writeCapacity, segments,
                concurrentTasks) : 0;
        List<SchemaRewriteJobRun> parts = RawScan.lines(spark, table.connection(), table.tableName(), segments,
                readCapacity, concurrentTasks).mapPartitions(lines -> {
                    try (KeyPathTable t = spec.open()) {
                        ItemSchema<?> schema = t.schema(TypeClasses.load(typeName));
                        SchemaRewrite rewrite = SchemaRewrite.builder().client(spec.connection().client())
                                .table(spec.tableName()).type(schema).build();
                        TaskBudget budget = new TaskBudget(writeShare);
                        long scanned = 0;
                        long ofType = 0;
                        long rewritten = 0;
                        long current = 0;
                        long conflicts = 0;
                        double units = 0;
                        while (lines.hasNext()) {
                            Map<String, AttributeValue> item = ExportLines.read(lines.next());
                            scanned++;
                            if (StoredItemLayout.isInternalItem(item)) {
                                continue;
                            }
                            if (!write) {
                                if (StoredTypes.isOf(schema, item)) {
                                    ofType++;
                                    current += rewrite.isCurrent(item) ? 1 : 0;
                                }
                                continue;
                            }
                            double reserve = Math.max(1, Math.ceil(StoredItemSizes.itemSize(item) / 1024.0));
                            if (!rewrite.isCurrent(item)) {
                                budget.acquire(reserve);
                            }
                            ItemRewrite r = rewrite.rewrite(item);
                            if (r.outcome() == UpgradeOutcome.ABSENT) {
                                continue;
                            }
                            ofType++;
                            if (r.outcome() == UpgradeOutcome.UPGRADED) {
                                rewritten++;
                                budget.settle(reserve, r.writeUnits());
                            } else {
                                current++;
                            }
                            conflicts += r.conflicts();
                            units += r.writeUnits();
                        }
                        budget.finish();
                        return List.of(new SchemaRewriteJobRun(scanned, ofType, rewritten, current, conflicts,
                                units)).iterator();
                    }
                }).collect();
        SchemaRewriteJobRun total = new SchemaRewriteJobRun(0, 0, 0, 0, 0, 0);
        for (SchemaRewriteJobRun p : parts) {
            total = total.plus(p);
        }
        return total;
    }
}
