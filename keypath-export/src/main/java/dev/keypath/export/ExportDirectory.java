package dev.keypath.export;

import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * An export of a table in a local directory, as DynamoDB writes it to S3 and {@link TableExporter} writes it here:
 * {@code AWSDynamoDB/<exportId>/} holding {@code manifest-summary.json}, {@code manifest-files.json}, their
 * {@code .checksum} files and {@code data/*.json.gz}. Opening one reads and checks both manifests (their checksum
 * files when present, the format, that the data files' counts add up to the summary's); {@link #verify()} checks
 * every data file against its manifest line. Immutable and thread-safe.
 */
public final class ExportDirectory {
    static final String AWS_DYNAMODB = "AWSDynamoDB";

    private final Path path;
    private final String exportId;
    private final ExportSummary summary;
    private final List<ExportDataFile> dataFiles;

    private ExportDirectory(Path path, String exportId, ExportSummary summary, List<ExportDataFile> dataFiles) {
        this.path = path;
        this.exportId = exportId;
        this.summary = summary;
        this.dataFiles = List.copyOf(dataFiles);
    }

    /**
     * Opens the export at {@code path}: the directory holding {@code manifest-summary.json}, or one above it that
     * holds a single export under {@code AWSDynamoDB/} (as a bucket or a prefix copied from S3 does).
     *
     * @throws ExportFormatException when no export is there, there are several, or a manifest is not as the format
     *     says
     */
    public static ExportDirectory open(Path path) {
        Path dir = locate(path);
        ExportSummary summary = Manifests.readSummary(readChecked(dir, Manifests.SUMMARY, Manifests.SUMMARY_CHECKSUM));
        if (!ExportSummary.DYNAMODB_JSON.equals(summary.outputFormat())) {
            throw new ExportFormatException(Manifests.SUMMARY, 0, "output format " + summary.outputFormat()
                    + " is not read here; export with the format " + ExportSummary.DYNAMODB_JSON, null);
        }
        if (summary.exportType() != null && !ExportSummary.FULL_EXPORT.equals(summary.exportType())) {
            throw new ExportFormatException(Manifests.SUMMARY, 0, "export type " + summary.exportType()
                    + " is not read here; only " + ExportSummary.FULL_EXPORT, null);
        }
        String exportId = exportId(summary, dir);
        List<ExportDataFile> files = Manifests.readFiles(readChecked(dir, Manifests.FILES, Manifests.FILES_CHECKSUM));
        long total = 0;
        for (ExportDataFile f : files) {
            total += f.itemCount();
        }
        if (total != summary.itemCount()) {
            throw new ExportFormatException(Manifests.FILES, 0, "the data files hold " + total + " items together, "
                    + "but " + Manifests.SUMMARY + " says " + summary.itemCount(), null);
        }
        ExportDirectory export = new ExportDirectory(dir, exportId, summary, files);
        for (int i = 0; i < files.size(); i++) {
            export.relative(files.get(i), i + 1);
        }
        return export;
    }

    /** The directory holding the manifests ({@code .../AWSDynamoDB/<exportId>}). */
    public Path path() {
        return path;
    }

    /** The export's id: the end of its ARN, {@code 01234567890123-a1b2c3d4}. */
    public String exportId() {
        return exportId;
    }

    /** The summary manifest. */
    public ExportSummary summary() {
        return summary;
    }

    /** The data files, in the order of the files manifest. */
    public List<ExportDataFile> dataFiles() {
        return dataFiles;
    }

    /** Where {@code file} is on disk. */
    public Path resolve(ExportDataFile file) {
        return path.resolve(relative(file, 0));
    }

    /**
     * Reads every data file through and checks it against its line of the files manifest: the MD5 and ETag of its
     * bytes, that it is gzip, that every line is one item in DynamoDB JSON, and its item count.
     *
     * @throws ExportFormatException naming the first file (and line) that differs
     */
    public void verify() {
        for (ExportDataFile f : dataFiles) {
            try (DataFileReader r = new DataFileReader(this, f)) {
                while (r.next() != null) {
                    // reading checks each line; the end of the file checks the sums and the count
                }
            }
        }
    }

    /**
     * {@link #verify()}, and that every item's {@code pk} and {@code sk} are the binary key of a key path: the check
     * an import makes before it writes anything (or creates a table), since a table it writes is a key-path table.
     *
     * @throws ExportFormatException naming the first file and line that differs from its manifest or whose key is
     *     not a key path (an export of a string-keyed table fails at its first line)
     */
    public void verifyKeyPaths() {
        for (ExportDataFile f : dataFiles) {
            try (DataFileReader r = new DataFileReader(this, f)) {
                for (DataFileReader.Line line = r.next(); line != null; line = r.next()) {
                    try {
                        StoredItemLayout.keyPathOf(line.item());
                    } catch (ItemMappingException e) {
                        throw new ExportFormatException(r.name(), line.number(), "the item's key is not a key path: "
                                + e.getMessage() + " (only an export of a key-path table, whose pk and sk are "
                                + "binary, can be imported)", e);
                    }
                }
            }
        }
    }

    /**
     * A data file's path relative to this directory: its key after {@code AWSDynamoDB/<exportId>/}.
     *
     * @param line the file's line in the files manifest, for the error; 0 when already checked
     */
    String relative(ExportDataFile file, long line) {
        String key = file.dataFileS3Key();
        String marker = AWS_DYNAMODB + "/" + exportId + "/";
        int at = key.indexOf(marker);
        String rest = at >= 0 ? key.substring(at + marker.length()) : null;
        if (rest == null || rest.isEmpty() || !path.resolve(rest).normalize().startsWith(path.normalize())
                || rest.contains("..")) {
            throw new ExportFormatException(Manifests.FILES, line, "data file key \"" + key + "\" is not under "
                    + marker, null);
        }
        return rest;
    }

    private static Path locate(Path path) {
        if (Files.isRegularFile(path.resolve(Manifests.SUMMARY))) {
            return path;
        }
        Path exports = path.resolve(AWS_DYNAMODB);
        if (Files.isDirectory(exports)) {
            List<Path> found = new ArrayList<>();
            try (Stream<Path> children = Files.list(exports)) {
                children.filter(c -> Files.isRegularFile(c.resolve(Manifests.SUMMARY))).forEach(found::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (found.size() == 1) {
                return found.get(0);
            }
            if (found.size() > 1) {
                throw new ExportFormatException(AWS_DYNAMODB, 0, "holds " + found.size() + " exports; open one of "
                        + found.stream().map(p -> p.getFileName().toString()).sorted().toList(), null);
            }
        }
        throw new ExportFormatException(Manifests.SUMMARY, 0, "not found in " + path + " nor in one export under "
                + AWS_DYNAMODB + "/", null);
    }

    /** A manifest's text, checked against its {@code .checksum} file when there is one. */
    private static String readChecked(Path dir, String name, String checksumName) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(dir.resolve(name));
        } catch (NoSuchFileException e) {
            throw new ExportFormatException(name, 0, "missing", e);
        } catch (IOException e) {
            throw new ExportFormatException(name, 0, "cannot be read: " + e.getMessage(), e);
        }
        Path checksum = dir.resolve(checksumName);
        if (Files.isRegularFile(checksum)) {
            String expected;
            try {
                expected = Files.readString(checksum, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new ExportFormatException(checksumName, 0, "cannot be read: " + e.getMessage(), e);
            }
            if (!Checksums.checksumFileAgrees(expected, Checksums.md5(bytes))) {
                throw new ExportFormatException(name, 0, "its MD5 " + Checksums.hex(Checksums.md5(bytes))
                        + " differs from " + checksumName + " (" + expected.trim() + ")", null);
            }
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String exportId(ExportSummary summary, Path dir) {
        String arn = summary.exportArn();
        int at = arn == null ? -1 : arn.lastIndexOf("/export/");
        if (at >= 0 && at + 8 < arn.length()) {
            return arn.substring(at + 8);
        }
        return dir.getFileName().toString();
    }
}
