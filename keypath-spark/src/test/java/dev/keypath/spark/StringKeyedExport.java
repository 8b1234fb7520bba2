package dev.keypath.spark;

import dev.keypath.export.ExportLines;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An export of a string-keyed table as DynamoDB writes one to S3 ({@code DYNAMODB_JSON}, a full export; keypath's own
 * exporter exports key-path tables only): gzip data files of one item a line under {@code data/}, the files manifest
 * with each file's item count, MD5 (base64) and ETag, the summary naming the table, and each manifest's MD5 (hex).
 */
final class StringKeyedExport {
    private StringKeyedExport() {
    }

    /** Writes the export of {@code table} under {@code dir}, {@code perFile} items a data file; the export's dir. */
    static Path write(Path dir, String table, int perFile) {
        String id = "01765000000000-0000abcd";
        String prefix = "AWSDynamoDB/" + id + "/";
        Path export = dir.resolve(prefix);
        List<Map<String, AttributeValue>> items = Blog.scan(table);
        StringBuilder files = new StringBuilder();
        try {
            Files.createDirectories(export.resolve("data"));
            for (int from = 0, n = 0; from < items.size(); from += perFile, n++) {
                List<Map<String, AttributeValue>> chunk = items.subList(from, Math.min(items.size(), from + perFile));
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
                    for (Map<String, AttributeValue> item : chunk) {
                        gz.write((ExportLines.write(item) + "\n").getBytes(StandardCharsets.UTF_8));
                    }
                }
                String key = prefix + "data/file" + n + ".json.gz";
                Files.write(dir.resolve(key), bytes.toByteArray());
                byte[] md5 = md5(bytes.toByteArray());
                files.append("{\"itemCount\":").append(chunk.size()).append(",\"md5Checksum\":\"")
                        .append(Base64.getEncoder().encodeToString(md5)).append("\",\"etag\":\"")
                        .append(HexFormat.of().formatHex(md5)).append("\",\"dataFileS3Key\":\"").append(key)
                        .append("\"}\n");
            }
            String summary = "{\"version\":\"2020-06-30\",\"exportArn\":\"arn:aws:dynamodb:us-east-1:000000000000:table/"
                    + table + "/export/" + id + "\",\"startTime\":\"2026-12-07T10:00:00.000Z\",\"endTime\":"
                    + "\"2026-12-07T10:05:00.000Z\",\"tableArn\":\"arn:aws:dynamodb:us-east-1:000000000000:table/"
                    + table + "\",\"tableId\":\"0a1b2c3d\",\"exportTime\":\"2026-12-07T10:00:00.000Z\","
                    + "\"s3Bucket\":\"backups\",\"s3Prefix\":null,\"s3SseAlgorithm\":\"AES256\",\"s3SseKmsKeyId\":null,"
                    + "\"manifestFilesS3Key\":\"" + prefix + "manifest-files.json\",\"billedSizeBytes\":0,"
                    + "\"itemCount\":" + items.size() + ",\"outputFormat\":\"DYNAMODB_JSON\",\"exportType\":"
                    + "\"FULL_EXPORT\"}\n";
            writeWithChecksum(export, "manifest-files", files.toString());
            writeWithChecksum(export, "manifest-summary", summary);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return export;
    }

    private static void writeWithChecksum(Path dir, String name, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Files.write(dir.resolve(name + ".json"), bytes);
        Files.writeString(dir.resolve(name + ".checksum"), HexFormat.of().formatHex(md5(bytes)));
    }

    private static byte[] md5(byte[] bytes) {
        try {
            return MessageDigest.getInstance("MD5").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
