package dev.keypath.spark;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.dynamodb.storage.StoredItemSizes;
import dev.keypath.export.ExportLines;
import dev.keypath.migrate.Reshard;
import dev.keypath.migrate.Reshard.ItemMove;
import dev.keypath.migrate.Reshard.MoveOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.SparkSession;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * keypath-migrate's re-shard as a Spark job, for a type declared {@code @Sharded(count = NEW, formerCount = OLD, ...)}
 * (docs/HOT-PARTITIONS.md). The driver first announces the switch to the new layout in the table's layout record and
 * waits until it has passed, as {@link Reshard} does ({@link Reshard#announceSwitch()}); then each task scans one
 * segment of the table within its share of the read budget and moves each item of the type that is not where the new
 * layout keeps it with the same conditional transaction as the single-machine run ({@link Reshard#move}), within its
 * share of the write budget (a move costs twice the item's units: a transaction). Once every task has finished, the
 * driver records the re-shard as finished ({@link Reshard#finish()}). A moved item is found in place and left alone,
 * so a job stopped anywhere is resumed by running it again, the switch announced already. {@link #verify()} reads the
 * table again and counts the items of the type not yet in place. The type is a class {@link TableSpec} registers.
 * Immutable.
 *
 * <pre>{@code
 * ReshardJobRun run = ReshardJob.of(spark, app, Event.class).segments(64).writeCapacity(1000).run();
 * ReshardJobRun check = ReshardJob.of(spark, app, Event.class).verify();    // check.clean()
 * }</pre>
 */
public final class ReshardJob {
    private final SparkSession spark;
    private final TableSpec table;
    private final String type;
    private final int segments;
    private final double readCapacity;
    private final double writeCapacity;
    private final int concurrentTasks;
    private final Duration clockMargin;

    private ReshardJob(SparkSession spark, TableSpec table, String type, int segments, double readCapacity,
                       double writeCapacity, int concurrentTasks, Duration clockMargin) {
        this.spark = Objects.requireNonNull(spark, "spark");
        this.table = Objects.requireNonNull(table, "table");
        this.type = Objects.requireNonNull(type, "type");
        this.segments = segments;
        this.readCapacity = readCapacity;
        this.writeCapacity = writeCapacity;
        this.concurrentTasks = concurrentTasks;
        this.clockMargin = clockMargin;
    }

    /** The re-shard of the items of {@code type} in {@code table}: 8 segments, no budgets, a 2 second clock margin. */
    public static ReshardJob of(SparkSession spark, TableSpec table, Class<?> type) {
        if (!table.typeNames().contains(type.getName())) {
            throw new IllegalArgumentException(type.getName() + " is not registered in " + table);
        }
        return new ReshardJob(spark, table, type.getName(), 8, 0, 0, 0, Duration.ofSeconds(2));
    }

    /** This job in {@code segments} scan segments, one task each. */
    public ReshardJob segments(int segments) {
        if (segments < 1 || segments > 1_000_000) {
            throw new IllegalArgumentException("segments must be 1 to 1000000, not " + segments);
        }
        return new ReshardJob(spark, table, type, segments, readCapacity, writeCapacity, concurrentTasks,
                clockMargin);
    }

    /** This job within {@code unitsPerSecond} read units for all its tasks (0: none). */
    public ReshardJob readCapacity(double unitsPerSecond) {
        new TaskBudget(unitsPerSecond);
        return new ReshardJob(spark, table, type, segments, unitsPerSecond, writeCapacity, concurrentTasks,
                clockMargin);
    }

    /** This job within {@code unitsPerSecond} write units for all its tasks (0: none). */
    public ReshardJob writeCapacity(double unitsPerSecond) {
        new TaskBudget(unitsPerSecond);
        return new ReshardJob(spark, table, type, segments, readCapacity, unitsPerSecond, concurrentTasks,
                clockMargin);
    }

    /** This job, its budgets divided among {@code tasks} tasks at once instead of the slots counted. */
    public ReshardJob concurrentTasks(int tasks) {
        if (tasks < 1) {
            throw new IllegalArgumentException("concurrent tasks must be positive, not " + tasks);
        }
        return new ReshardJob(spark, table, type, segments, readCapacity, writeCapacity, tasks, clockMargin);
    }

    /**
     * This job with {@code margin} as the clock margin of the switch ({@link Reshard.Builder#clockMargin}): how far
     * apart the clocks of the application's instances and of the driver may be, plus the longest time a write takes
     * to reach DynamoDB.
     */
    public ReshardJob clockMargin(Duration margin) {
        if (margin == null || margin.isNegative() || margin.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("a clock margin is 0 to 1 hour, not " + margin);
        }
        return new ReshardJob(spark, table, type, segments, readCapacity, writeCapacity, concurrentTasks, margin);
    }

    /**
     * Announces the switch and waits until it has passed, moves every item of the type not in the new layout, and
     * records the re-shard as finished.
     *
     * @throws dev.keypath.dynamodb.ShardDeclarationException when the type declares no re-shard
     * @throws dev.keypath.dynamodb.TableLayoutMismatchException when the table's layout record holds another layout
     *                                       or re-shard for the type
     */
    public ReshardJobRun run() {
        Reshard reshard;
        try (KeyPathTable t = table.open()) {
            reshard = reshard(table, t.schema(TypeClasses.load(type)), clockMargin);
        }
        Instant switchAt = reshard.announceSwitch();
        ReshardJobRun moved = pass(true);
        reshard.finish();
        return moved.switchedAt(switchAt);
    }

    /** Reads the table again and counts the items of the type, and those in place; writes nothing. */
    public ReshardJobRun verify() {
        return pass(false);
    }

    private static Reshard reshard(TableSpec spec, ItemSchema<?> schema, Duration margin) {
        return Reshard.builder().client(spec.connection().client()).table(spec.tableName()).type(schema)
                .clockMargin(margin).build();
    }

    private ReshardJobRun pass(boolean write) {
        TableSpec spec = table;
        String typeName = type;
        Duration margin = clockMargin;
        double writeShare = write ? BudgetShares.share(spark.sparkContext(), writeCapacity, segments,
                concurrentTasks) : 0;
        List<ReshardJobRun> parts = RawScan.lines(spark, table.connection(), table.tableName(), segments,
                readCapacity, concurrentTasks).mapPartitions(lines -> {
                    try (KeyPathTable t = spec.open()) {
                        ItemSchema<?> schema = t.schema(TypeClasses.load(typeName));
                        Reshard reshard = reshard(spec, schema, margin);
                        TaskBudget budget = new TaskBudget(writeShare);
                        long scanned = 0;
                        long ofType = 0;
                        long moved = 0;
                        long inPlace = 0;
                        long leftovers = 0;
                        long conflicts = 0;
                        double units = 0;
                        while (lines.hasNext()) {
                            Map<String, AttributeValue> item = ExportLines.read(lines.next());
                            scanned++;
                            if (StoredItemLayout.isInternalItem(item) || !StoredTypes.isOf(schema, item)) {
                                continue;
                            }
                            ofType++;
                            if (reshard.isInPlace(item)) {
                                inPlace++;
                                continue;
                            }
                            if (!write) {
                                continue;
                            }
                            double reserve = 2 * Math.max(1, Math.ceil(StoredItemSizes.itemSize(item) / 1024.0));
                            budget.acquire(reserve);
                            ItemMove m = reshard.move(item);
                            budget.settle(reserve, m.writeUnits());
                            if (m.outcome() == MoveOutcome.MOVED) {
                                moved++;
                            } else if (m.outcome() == MoveOutcome.LEFTOVER_REMOVED) {
                                leftovers++;
                            } else {
                                inPlace++;
                            }
                            conflicts += m.conflicts();
                            units += m.writeUnits();
                        }
                        budget.finish();
                        return List.of(new ReshardJobRun(scanned, ofType, moved, inPlace, leftovers, conflicts,
                                units, null)).iterator();
                    }
                }).collect();
        ReshardJobRun total = new ReshardJobRun(0, 0, 0, 0, 0, 0, 0, null);
        for (ReshardJobRun p : parts) {
            total = total.plus(p);
        }
        return total;
    }
}
