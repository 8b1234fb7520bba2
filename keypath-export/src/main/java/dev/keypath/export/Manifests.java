package dev.keypath.export;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Reads and writes the two manifests' JSON, field names as DynamoDB writes them. Stateless. */
final class Manifests {
    static final String SUMMARY = "manifest-summary.json";
    static final String FILES = "manifest-files.json";
    static final String SUMMARY_CHECKSUM = "manifest-summary.checksum";
    static final String FILES_CHECKSUM = "manifest-files.checksum";

    private Manifests() {
    }

    static ExportSummary readSummary(String text) {
        JsonNode n;
        try {
            n = DynamoJson.MAPPER.readTree(text);
        } catch (JacksonException e) {
            throw new ExportFormatException(SUMMARY, 0, "not JSON: " + e.getOriginalMessage(), e);
        }
        if (n == null || !n.isObject()) {
            throw new ExportFormatException(SUMMARY, 0, "not a JSON object", null);
        }
        return new ExportSummary(text(n, "version"), text(n, "exportArn"), text(n, "startTime"),
                text(n, "endTime"), text(n, "tableArn"), text(n, "tableId"), text(n, "exportTime"),
                text(n, "s3Bucket"), text(n, "s3Prefix"), text(n, "s3SseAlgorithm"), text(n, "s3SseKmsKeyId"),
                required(n, "manifestFilesS3Key", SUMMARY, 0), number(n, "billedSizeBytes", SUMMARY, 0, false),
                number(n, "itemCount", SUMMARY, 0, true), required(n, "outputFormat", SUMMARY, 0), text(n, "exportType"));
    }

    static String writeSummary(ExportSummary s) {
        ObjectNode n = DynamoJson.MAPPER.createObjectNode();
        n.put("version", s.version());
        n.put("exportArn", s.exportArn());
        n.put("startTime", s.startTime());
        n.put("endTime", s.endTime());
        n.put("tableArn", s.tableArn());
        n.put("tableId", s.tableId());
        n.put("exportTime", s.exportTime());
        n.put("s3Bucket", s.s3Bucket());
        n.put("s3Prefix", s.s3Prefix());
        n.put("s3SseAlgorithm", s.s3SseAlgorithm());
        n.put("s3SseKmsKeyId", s.s3SseKmsKeyId());
        n.put("manifestFilesS3Key", s.manifestFilesS3Key());
        n.put("billedSizeBytes", s.billedSizeBytes());
        n.put("itemCount", s.itemCount());
        n.put("outputFormat", s.outputFormat());
        n.put("exportType", s.exportType());
        return DynamoJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(n) + "\n";
    }

    /** The data files of {@code manifest-files.json}: one JSON object per line, blank lines ignored. */
    static List<ExportDataFile> readFiles(String text) {
        List<ExportDataFile> files = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            JsonNode n;
            try {
                n = DynamoJson.MAPPER.readTree(line);
            } catch (JacksonException e) {
                throw new ExportFormatException(FILES, i + 1, "not JSON: " + e.getOriginalMessage(), e);
            }
            if (n == null || !n.isObject()) {
                throw new ExportFormatException(FILES, i + 1, "not a JSON object", null);
            }
            files.add(new ExportDataFile(number(n, "itemCount", FILES, i + 1, true), text(n, "md5Checksum"),
                    text(n, "etag"), required(n, "dataFileS3Key", FILES, i + 1)));
        }
        return files;
    }

    static String writeFiles(List<ExportDataFile> files) {
        StringBuilder out = new StringBuilder();
        for (ExportDataFile f : files) {
            ObjectNode n = DynamoJson.MAPPER.createObjectNode();
            n.put("itemCount", f.itemCount());
            n.put("md5Checksum", f.md5Checksum());
            n.put("etag", f.etag());
            n.put("dataFileS3Key", f.dataFileS3Key());
            out.append(DynamoJson.MAPPER.writeValueAsString(n)).append('\n');
        }
        return out.toString();
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asString();
    }

    private static String required(JsonNode n, String field, String file, long line) {
        String v = text(n, field);
        if (v == null) {
            throw new ExportFormatException(file, line, "no \"" + field + "\" field", null);
        }
        return v;
    }

    private static long number(JsonNode n, String field, String file, long line, boolean required) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new ExportFormatException(file, line, "no \"" + field + "\" field", null);
            }
            return 0;
        }
        if (!v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 0) {
            throw new ExportFormatException(file, line, "\"" + field + "\" is not a count: " + v, null);
        }
        return v.asLong();
    }
}
