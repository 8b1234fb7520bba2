package dev.keypath.spark;

import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The data source's table: read through {@link ReadPlan}, written through {@link DatasetWrite}. Immutable. */
final class KeyPathSparkTable implements SupportsRead, SupportsWrite {
    private final StructType schema;
    private final Map<String, String> properties;

    KeyPathSparkTable(StructType schema, Map<String, String> properties) {
        this.schema = schema;
        this.properties = properties;
    }

    @Override
    public String name() {
        String table = properties.get("table");
        return "keypath " + (table != null ? table : properties.getOrDefault("export", properties.get("path")));
    }

    @Override
    @SuppressWarnings("deprecation")
    public StructType schema() {
        return schema;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return Set.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.ACCEPT_ANY_SCHEMA);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
        return new ReadPlan(SparkOptions.read(options));
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
        return new DatasetWrite(SparkOptions.write(info.options()), info.schema(),
                info.options().get(SparkOptions.REPORT));
    }
}
