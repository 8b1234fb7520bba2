package dev.keypath.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The budget of a whole job, divided among the tasks that run at once, measured from outside as keypath-migrate's
 * budget test measures it: every task's client records the units DynamoDB Local reports for each call with the time
 * it began and was answered, and every window of 1 and 5 s must stay within the budget times its length plus one
 * call (by the time the calls began; by the time they were answered, plus what the budget pays while the slowest
 * call was in flight). Budgets the engine outruns, two tasks at once.
 */
class BudgetWindowsTest {
    static SparkSession spark;
    static KeyPathTable table;
    static final int LARGE = 700;

    @BeforeAll
    static void fill() {
        spark = LocalSpark.session();
        table = Blog.fresh("spark-budget");
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < LARGE; i++) {
            dev.keypath.KeyPath path = dev.keypath.KeyPath.of("large", i);
            items.add(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                    "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())),
                    "body", AttributeValue.fromS("x".repeat(3500))));
        }
        for (int from = 0; from < items.size(); from += 100) {
            table.batchPutStored(items.subList(from, Math.min(items.size(), from + 100)));
        }
    }

    @AfterAll
    static void close() {
        table.close();
    }

    static DynamoDbConnection metered() {
        return LocalSpark.engine().interceptor(CapacityMeter.class);
    }

    @Test
    void aReadKeepsItsBudgetInEveryWindow() {
        CapacityMeter.clear();
        long rows = KeyPathDatasets.read(spark, TableRead.of(TableSpec.of(metered(), table.tableName()),
                ItemRows.untyped()).segments(6).readCapacity(60)).count();
        assertThat(rows).isEqualTo(LARGE);
        keeps(true, 60, 0.5, 1, 5);
    }

    @Test
    void aWriteKeepsItsBudgetInEveryWindow() {
        try (KeyPathTable target = Blog.fresh("spark-budget-target")) {
            Dataset<Row> rows = spark.range(0, 700).selectExpr(
                    "concat('/user-00000000-0000-0007-0000-', lpad(cast(id as string), 12, '0')) as keyPath",
                    "'User' as type",
                    "'{\"Item\":{\"name\":{\"S\":\"n\"}}}' as item").repartition(5);
            CapacityMeter.clear();
            WriteReport report = KeyPathDatasets.write(rows, TableWrite.of(TableSpec.of(metered(),
                    target.tableName())).writeCapacity(120));
            assertThat(report.written()).isEqualTo(700);
            keeps(false, 120, 1, 1, 5);
        }
    }

    static void keeps(boolean reads, double budget, double item, int... seconds) {
        double maxCall = CapacityMeter.maxCall(reads);
        double latency = CapacityMeter.maxLatency(reads);
        StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
                "%s budget %.0f/s over %.1f s, %d calls, %.1f units, largest call %.1f units, slowest %.3f s "
                        + "(began / answered):", reads ? "read" : "write", budget, CapacityMeter.span(reads),
                CapacityMeter.calls(reads).size(), CapacityMeter.total(reads), maxCall, latency));
        for (int w : seconds) {
            report.append(String.format(Locale.ROOT, " %d s: %.1f / %.1f (budget %.0f);", w,
                    CapacityMeter.maxWindow(reads, w, true), CapacityMeter.maxWindow(reads, w, false), budget * w));
        }
        System.out.println(report);
        assertThat(CapacityMeter.span(reads)).as(report.toString()).isGreaterThan(seconds[seconds.length - 1]);
        assertThat(maxCall).as(report.toString()).isLessThanOrEqualTo(Math.max(item, budget / 100) + item);
        for (int w : seconds) {
            assertThat(CapacityMeter.maxWindow(reads, w, true)).as(report.toString())
                    .isLessThanOrEqualTo(budget * w + maxCall);
            assertThat(CapacityMeter.maxWindow(reads, w, false)).as(report.toString())
                    .isLessThanOrEqualTo(budget * w + maxCall + budget * latency);
        }
    }
}
