package dev.keypath.spark;

import dev.keypath.export.ExportDataFile;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One data file of an export: the input partition of the task that reads it, with its line of the files manifest
 * and where the manifests are. Immutable and serializable.
 *
 * @param index        the file's place in the files manifest
 * @param manifests    the directory of the manifests (a Hadoop path)
 * @param relativePath the file's path under that directory
 * @param itemCount    the manifest's item count
 * @param md5Checksum  the manifest's MD5 (base64)
 * @param etag         the manifest's ETag
 * @param dataFileKey  the manifest's S3 key of the file
 */
record DataFilePartition(int index, String manifests, String relativePath, long itemCount, String md5Checksum,
                         String etag, String dataFileKey) implements InputPartition {
    private static final long serialVersionUID = 1L;

    /** The manifest's line of the file. */
    ExportDataFile dataFile() {
        return new ExportDataFile(itemCount, md5Checksum, etag, dataFileKey);
    }
}
