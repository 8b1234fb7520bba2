package dev.keypath.spark;

import dev.keypath.export.ExportLines;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.json.JsonMapper;

/**
 * One partition's file of a side output: a JSON line per item ({@code keyPath}, {@code problem} and the stored
 * {@code item} as DynamoDB JSON), written whole when the partition's task ends ({@code part-00007.jsonl}, replacing
 * the file an earlier attempt of the task wrote, or deleting it when this attempt has nothing), so that a finished
 * job's side output holds each item once. Kept in memory until then. One task's; not thread-safe.
 */
final class SideOutput {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HadoopFiles files;
    private final Path file;
    private final ByteArrayOutputStream lines = new ByteArrayOutputStream();
    private long count;

    SideOutput(HadoopFiles files, String directory, int partition) {
        this.files = files;
        this.file = new Path(directory, String.format(Locale.ROOT, "part-%05d.jsonl", partition));
    }

    /** Adds one item, its key path (null when it has none) and why it is here. */
    void add(String keyPath, String problem, Map<String, AttributeValue> item) {
        String line = "{\"keyPath\":" + JSON.writeValueAsString(keyPath)
                + ",\"problem\":" + JSON.writeValueAsString(problem) + ",\"item\":" + ExportLines.write(item) + "}\n";
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        lines.write(bytes, 0, bytes.length);
        count++;
    }

    /** Adds one line of JSON as it is. */
    void addLine(String json) {
        byte[] bytes = (json + "\n").getBytes(StandardCharsets.UTF_8);
        lines.write(bytes, 0, bytes.length);
        count++;
    }

    long count() {
        return count;
    }

    /** Writes the partition's file, or removes an earlier attempt's when there is nothing. */
    void finish() {
        try {
            if (count == 0) {
                if (files.exists(file)) {
                    files.delete(file);
                }
                return;
            }
            files.write(file, out -> lines.writeTo(out));
        } catch (UncheckedIOException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new UncheckedIOException(new IOException("side output " + file + ": " + e.getMessage(), e));
        }
    }
}
