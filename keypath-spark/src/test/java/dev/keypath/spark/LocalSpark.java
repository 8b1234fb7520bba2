package dev.keypath.spark;

import dev.keypath.test.TestDynamoDb;
import org.apache.spark.sql.SparkSession;

/**
 * The tests' Spark: local mode with two worker threads, a failed task tried up to four times (as a cluster retries
 * it), bound to the loopback interface only, no UI. One session for every test class of the run.
 */
final class LocalSpark {
    /**
     * Items of the jobs' comparisons with the single-machine tools ({@code keypath.spark.items}): a few segments'
     * worth by default, 100,000 for the long run.
     */
    static final int ITEMS = Integer.getInteger("keypath.spark.items", 150);

    private LocalSpark() {
    }

    static synchronized SparkSession session() {
        EngineProcess.ensure();
        return SparkSession.builder().master("local[2,4]").appName("keypath-spark-tests")
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4")
                .config("spark.default.parallelism", "2").config("spark.speculation", "false")
                .getOrCreate();
    }

    /** The test engine, as every task reaches it. */
    static DynamoDbConnection engine() {
        EngineProcess.ensure();
        TestDynamoDb engine = TestDynamoDb.get();
        return DynamoDbConnection.region(engine.region().id()).endpoint(engine.endpoint());
    }

    /** The table {@code name} on the test engine, {@code types} registered. */
    static TableSpec table(String name, Class<?>... types) {
        return TableSpec.of(engine(), name).register(types);
    }
}
