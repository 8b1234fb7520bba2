package dev.keypath.export;

/**
 * The summary manifest of an export, {@code manifest-summary.json}, field by field as DynamoDB writes it. Text
 * fields are null when the manifest has none (an export written by {@code keypath export} has no bucket, prefix
 * or encryption); times are ISO-8601 text in UTC. Immutable.
 *
 * @param version            the format version, {@code 2020-06-30}
 * @param exportArn          the export's ARN, ending in {@code /export/<exportId>}
 * @param startTime          when the export began
 * @param endTime            when it ended
 * @param tableArn           the exported table's ARN
 * @param tableId            the exported table's id
 * @param exportTime         the point in time the data is of
 * @param s3Bucket           the S3 bucket, or null
 * @param s3Prefix           the S3 prefix before {@code AWSDynamoDB/}, or null
 * @param s3SseAlgorithm     the server-side encryption, or null
 * @param s3SseKmsKeyId      the KMS key, or null
 * @param manifestFilesS3Key the key of {@code manifest-files.json}
 * @param billedSizeBytes    the table size the export was billed for
 * @param itemCount          the number of items in every data file together
 * @param outputFormat       {@code DYNAMODB_JSON} (the only format read here) or {@code ION}
 * @param exportType         {@code FULL_EXPORT} or {@code INCREMENTAL_EXPORT}; null in older exports
 */
public record ExportSummary(String version, String exportArn, String startTime, String endTime, String tableArn,
        String tableId, String exportTime, String s3Bucket, String s3Prefix, String s3SseAlgorithm,
        String s3SseKmsKeyId, String manifestFilesS3Key, long billedSizeBytes, long itemCount, String outputFormat,
        String exportType) {
    /** The format version DynamoDB writes. */
    public static final String VERSION = "2020-06-30";
    /** The output format of DynamoDB JSON data files. */
    public static final String DYNAMODB_JSON = "DYNAMODB_JSON";
    /** The export type of a full export. */
    public static final String FULL_EXPORT = "FULL_EXPORT";
}
