package dev.keypath.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The {@code keypath} data source of Spark SQL: a live key-path table or an export as a Dataset, and a Dataset
 * written into a key-path table, with the options {@link SparkOptions} lists.
 *
 * <pre>{@code
 * spark.read().format("keypath").option("table", "app").option("region", "eu-west-1")
 *         .option("readCapacity", "500").load();
 * posts.write().format("keypath").option("table", "app").option("type", "com.example.Post").mode("append").save();
 * }</pre>
 *
 * A write appends (puts replace the items of their keys): save it with {@code mode("append")}. Stateless.
 */
public final class KeyPathDataSource implements TableProvider, DataSourceRegister {
    /** The short name of the format. */
    public static final String NAME = "keypath";

    /** Made by Spark through its service loader. */
    public KeyPathDataSource() {
    }

    @Override
    public String shortName() {
        return NAME;
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return ReadPlans.layout(SparkOptions.read(options)).schema();
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new KeyPathSparkTable(schema, properties);
    }

    @Override
    public boolean supportsExternalMetadata() {
        return true;
    }
}
