package dev.keypath.export;

/**
 * One line of the files manifest, {@code manifest-files.json}: a gzip data file of the export and what it must
 * hold. Immutable.
 *
 * @param itemCount     the number of items (lines) in the file
 * @param md5Checksum   the MD5 of the file's bytes (the gzip, not its content), base64
 * @param etag          the S3 ETag of the file
 * @param dataFileS3Key the file's key, {@code [prefix/]AWSDynamoDB/<exportId>/data/<name>.json.gz}
 */
public record ExportDataFile(long itemCount, String md5Checksum, String etag, String dataFileS3Key) {
}
