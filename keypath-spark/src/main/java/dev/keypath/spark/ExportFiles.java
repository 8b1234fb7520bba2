package dev.keypath.spark;

import dev.keypath.export.ExportDataFile;
import dev.keypath.export.ExportDirectory;
import dev.keypath.export.ExportFormatException;
import dev.keypath.export.ExportItems;
import dev.keypath.export.ExportReader;
import dev.keypath.export.ExportedItem;
import dev.keypath.export.UnreadableItems;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An export on any Hadoop file system, read as keypath-export reads a local one: the driver finds the manifests and
 * opens them ({@link #open}, which checks them as {@link ExportDirectory#open} does); each task reads one data file
 * ({@link #items}) through {@link ExportReader#onlyFile}, which checks its MD5, ETag and item count at its end. A
 * file off the local file system is first copied, with the manifests, to a directory of the task's own, removed
 * when the task ends. Immutable.
 */
final class ExportFiles {
    static final String SUMMARY = "manifest-summary.json";
    private static final String[] MANIFESTS = {SUMMARY, "manifest-files.json", "manifest-summary.checksum",
        "manifest-files.checksum"};

    private final String manifests;
    private final ExportDirectory directory;

    private ExportFiles(String manifests, ExportDirectory directory) {
        this.manifests = manifests;
        this.directory = directory;
    }

    /**
     * Opens the export at {@code path}: the directory holding {@code manifest-summary.json}, or one above it holding a
     * single export under {@code AWSDynamoDB/}.
     *
     * @throws ExportFormatException when no export is there, there are several, or a manifest is not as the format
     *     says
     */
    static ExportFiles open(HadoopFiles files, String path) {
        Path dir = locate(files, new Path(path));
        java.nio.file.Path local = localCopy(files, dir, null);
        try {
            return new ExportFiles(dir.toString(), ExportDirectory.open(local));
        } finally {
            if (!isLocal(files, dir)) {
                removeQuietly(local);
            }
        }
    }

    /** The opened manifests. */
    ExportDirectory directory() {
        return directory;
    }

    /** The name of the table exported, from the summary's table ARN ({@code arn:...:table/NAME}). */
    String tableName() {
        String arn = directory.summary().tableArn();
        int at = arn == null ? -1 : arn.lastIndexOf("table/");
        if (at < 0) {
            throw new ExportFormatException(SUMMARY, 0, "its tableArn " + arn + " names no table: give the source "
                    + "table's name", null);
        }
        String rest = arn.substring(at + 6);
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    /** One partition per data file, in the order of the files manifest. */
    List<DataFilePartition> partitions() {
        List<DataFilePartition> out = new ArrayList<>();
        List<ExportDataFile> all = directory.dataFiles();
        for (int i = 0; i < all.size(); i++) {
            ExportDataFile f = all.get(i);
            String relative = directory.path().relativize(directory.resolve(f)).toString().replace('\\', '/');
            out.add(new DataFilePartition(i, manifests, relative, f.itemCount(), f.md5Checksum(), f.etag(),
                    f.dataFileS3Key()));
        }
        return out;
    }

    /**
     * Every stored item of one data file (keypath's own and expired ones included, key paths or not), its checks
     * made when its last line has been read. Close it to release the file (and the local copy).
     */
    static PartitionItems items(HadoopFiles files, DataFilePartition partition) {
        Path dir = new Path(partition.manifests());
        boolean local = isLocal(files, dir);
        java.nio.file.Path at = local ? localCopy(files, dir, null) : localCopy(files, dir, partition.relativePath());
        ExportReader reader = ExportReader.open(at).keepingInternalItems().keepingExpiredItems()
                .onlyFile(partition.dataFile());
        ExportItems items = reader.items(UnreadableItems.FLAG);
        return new PartitionItems(items, local ? null : at);
    }

    /** The items of one data file; closing removes the local copy. */
    static final class PartitionItems implements Iterator<Map<String, AttributeValue>>, AutoCloseable {
        private final ExportItems items;
        private final java.nio.file.Path copy;

        PartitionItems(ExportItems items, java.nio.file.Path copy) {
            this.items = items;
            this.copy = copy;
        }

        @Override
        public boolean hasNext() {
            return items.hasNext();
        }

        @Override
        public Map<String, AttributeValue> next() {
            ExportedItem e = items.next();
            return e.attributes();
        }

        @Override
        public void close() {
            items.close();
            if (copy != null) {
                removeQuietly(copy);
            }
        }
    }

    private static Path locate(HadoopFiles files, Path path) {
        if (files.exists(new Path(path, SUMMARY))) {
            return path;
        }
        FileSystem fs = files.fileSystem(path);
        try {
            FileStatus[] found = fs.globStatus(new Path(path, "AWSDynamoDB/*/" + SUMMARY));
            if (found != null && found.length == 1) {
                return found[0].getPath().getParent();
            }
            if (found != null && found.length > 1) {
                List<String> names = new ArrayList<>();
                for (FileStatus s : found) {
                    names.add(s.getPath().getParent().getName());
                }
                names.sort(null);
                throw new ExportFormatException("AWSDynamoDB", 0, "holds " + found.length + " exports; read one of "
                        + names, null);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + path + ": " + e.getMessage(), e);
        }
        throw new ExportFormatException(SUMMARY, 0, "not found in " + path + " nor in one export under AWSDynamoDB/",
                null);
    }

    private static boolean isLocal(HadoopFiles files, Path dir) {
        return files.fileSystem(dir) instanceof LocalFileSystem;
    }

    /**
     * The export's directory on this machine: itself when on the local file system, else a new temporary directory
     * holding copies of the manifests and of the data file at {@code relative} (none when null).
     */
    private static java.nio.file.Path localCopy(HadoopFiles files, Path dir, String relative) {
        if (isLocal(files, dir)) {
            return java.nio.file.Path.of(files.fileSystem(dir).makeQualified(dir).toUri());
        }
        try {
            java.nio.file.Path tmp = Files.createTempDirectory("keypath-export-");
            for (String name : MANIFESTS) {
                Path m = new Path(dir, name);
                if (files.exists(m)) {
                    files.copyToLocal(m, tmp.resolve(name));
                }
            }
            if (relative != null) {
                files.copyToLocal(new Path(dir, relative), tmp.resolve(relative));
            }
            return tmp;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a local copy of " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void removeQuietly(java.nio.file.Path dir) {
        try (Stream<java.nio.file.Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is only space
        }
    }
}
