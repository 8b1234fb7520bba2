package dev.keypath.export;

import java.io.StringWriter;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item as a line of a {@code DYNAMODB_JSON} data file, {@code {"Item":{"name":{"S":"x"},...}}}, for a job that
 * carries items as text (keypath-spark's untyped rows): written and read exactly as {@link TableExporter} writes and
 * {@link ExportReader} reads the files' lines. Stateless and thread-safe.
 */
public final class ExportLines {
    private ExportLines() {
    }

    /** The line of {@code item}, without a line break. */
    public static String write(Map<String, AttributeValue> item) {
        StringWriter out = new StringWriter();
        DynamoJson.writeLine(item, out);
        return out.toString();
    }

    /**
     * The item of {@code line}.
     *
     * @throws IllegalArgumentException when the line is not one item in DynamoDB JSON; the message names the
     *     attribute (as {@code Item.a.M.b}) when known
     */
    public static Map<String, AttributeValue> read(String line) {
        try {
            return DynamoJson.readLine(line);
        } catch (DynamoJson.BadLineException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
