package dev.keypath.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How far an import of one export has got, kept in a small JSON file: the export's id, the data files written
 * completely, and in the file being written the last line whose item is stored. Saved by writing a temporary file
 * and moving it over the old one, so a killed import leaves either the old or the new state. Not thread-safe.
 */
final class ImportCheckpoint {
    private final Path file;
    private final String exportId;
    private final Set<String> finished = new LinkedHashSet<>();
    private String current;
    private long linesDone;

    private ImportCheckpoint(Path file, String exportId) {
        this.file = file;
        this.exportId = exportId;
    }

    /** The checkpoint in {@code file} (a fresh one when it does not exist), which must be of {@code exportId}. */
    static ImportCheckpoint load(Path file, String exportId) {
        ImportCheckpoint c = new ImportCheckpoint(file, exportId);
        if (file == null || !Files.exists(file)) {
            return c;
        }
        String name = file.getFileName().toString();
        JsonNode n;
        try {
            n = DynamoJson.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (JacksonException e) {
            throw new ExportFormatException(name, 0, "not a checkpoint: " + e.getOriginalMessage(), e);
        }
        if (n == null || !n.isObject() || n.get("exportId") == null) {
            throw new ExportFormatException(name, 0, "not a checkpoint (no exportId)", null);
        }
        String of = n.get("exportId").asString();
        if (!of.equals(exportId)) {
            throw new ExportFormatException(name, 0, "is the checkpoint of export " + of + ", not of " + exportId,
                    null);
        }
        JsonNode done = n.get("finishedFiles");
        if (done != null) {
            done.forEach(f -> c.finished.add(f.asString()));
        }
        JsonNode cur = n.get("currentFile");
        c.current = cur == null || cur.isNull() ? null : cur.asString();
        JsonNode lines = n.get("linesDone");
        c.linesDone = lines == null ? 0 : lines.asLong();
        return c;
    }

    boolean isFinished(String dataFile) {
        return finished.contains(dataFile);
    }

    /** Lines of {@code dataFile} already stored: those up to this 1-based line number. */
    long linesDone(String dataFile) {
        return dataFile.equals(current) ? linesDone : 0;
    }

    /** Records that the items of {@code dataFile} up to {@code line} are stored, and saves. */
    void stored(String dataFile, long line) {
        current = dataFile;
        linesDone = line;
        save();
    }

    /** Records that every item of {@code dataFile} is stored, and saves. */
    void finished(String dataFile) {
        finished.add(dataFile);
        current = null;
        linesDone = 0;
        save();
    }

    private void save() {
        if (file == null) {
            return;
        }
        ObjectNode n = DynamoJson.MAPPER.createObjectNode();
        n.put("exportId", exportId);
        ArrayNode done = n.putArray("finishedFiles");
        List<String> names = new ArrayList<>(finished);
        names.forEach(done::add);
        n.put("currentFile", current);
        n.put("linesDone", linesDone);
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.writeString(temp, DynamoJson.MAPPER.writeValueAsString(n) + "\n", StandardCharsets.UTF_8);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
