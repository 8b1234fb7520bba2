package dev.keypath.spark;

import java.io.Serializable;
import java.util.Objects;

/**
 * A read of an export in DynamoDB's {@code DYNAMODB_JSON} format (an S3 export, or one keypath-export wrote) as a
 * Dataset of the same rows a table read gives, one input partition per data file, each file's MD5, ETag and item
 * count checked against the files manifest as it is read (a file that differs fails its task). The path is any
 * Hadoop path ({@code s3://bucket/prefix/}, {@code hdfs://}, {@code file:}) of the directory holding
 * {@code manifest-summary.json}, or one above it holding a single export under {@code AWSDynamoDB/}. Typed rows need
 * the registered types, from a {@link TableSpec} (whose table is not read). Immutable and serializable.
 *
 * <pre>{@code
 * Dataset<Row> rows = KeyPathDatasets.read(spark, ExportRead.of("s3://backups/app/", ItemRows.untyped()));
 * }</pre>
 */
public final class ExportRead implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String path;
    private final ItemRows rows;
    private final TableSpec types;

    private ExportRead(String path, ItemRows rows, TableSpec types) {
        this.path = Objects.requireNonNull(path, "path");
        this.rows = Objects.requireNonNull(rows, "rows");
        this.types = types;
    }

    /** The read of {@code rows} from the export at {@code path}. */
    public static ExportRead of(String path, ItemRows rows) {
        return new ExportRead(path, rows, null);
    }

    /** This read, items mapped by the types {@code types} registers (its table is not read). */
    public ExportRead types(TableSpec types) {
        return new ExportRead(path, rows, Objects.requireNonNull(types, "types"));
    }

    public String path() {
        return path;
    }

    public ItemRows rows() {
        return rows;
    }

    /** The spec of the types that map items, or null. */
    public TableSpec typesSpec() {
        return types;
    }
}
