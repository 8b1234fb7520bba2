package dev.keypath.export;

import dev.keypath.dynamodb.KeyPathDynamoException;

/**
 * A file of an export is not what the format says: a manifest that is missing or malformed, a data file that is
 * missing, not gzip, or whose checksum or item count differs from its manifest's, or a line that is not one item
 * in DynamoDB JSON. The message starts with the file (relative to the export's directory) and, for a line, its
 * 1-based number. Immutable and thread-safe.
 */
public class ExportFormatException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final long line;

    /**
     * Creates the exception.
     *
     * @param file    the file concerned, relative to the export's directory
     * @param line    the 1-based line concerned, or 0 when the problem is the whole file
     * @param problem what is wrong
     * @param cause   the underlying failure, or null
     */
    public ExportFormatException(String file, long line, String problem, Throwable cause) {
        super(file + (line > 0 ? " line " + line : "") + ": " + problem, null, cause);
        this.file = file;
        this.line = line;
    }

    /** The file concerned, relative to the export's directory (e.g. {@code data/4f1c….json.gz}). */
    public String file() {
        return file;
    }

    /** The 1-based line concerned, or 0 when the problem is the whole file. */
    public long line() {
        return line;
    }
}
