package dev.keypath.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SerializableWritable;
import org.apache.spark.SparkContext;

/**
 * The job's Hadoop file systems ({@code s3://} on EMR and Glue, {@code hdfs://}, {@code file:}) as the driver's
 * configuration reaches them, carried to the executors: where side outputs and checkpoints are written. Writes are
 * made whole or not at all: to a temporary name first, then renamed. Serializable; thread-safe.
 */
final class HadoopFiles implements Serializable {
    private static final long serialVersionUID = 1L;

    private final SerializableWritable<Configuration> conf;

    private HadoopFiles(Configuration conf) {
        this.conf = new SerializableWritable<>(conf);
    }

    /** The files as {@code sc}'s Hadoop configuration reaches them. */
    static HadoopFiles of(SparkContext sc) {
        return new HadoopFiles(new Configuration(sc.hadoopConfiguration()));
    }

    FileSystem fileSystem(Path path) {
        try {
            return path.getFileSystem(conf.value());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach " + path + ": " + e.getMessage(), e);
        }
    }

    boolean exists(Path path) {
        try {
            return fileSystem(path).exists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot look for " + path + ": " + e.getMessage(), e);
        }
    }

    /** The text of {@code path}, or null when there is no such file. */
    String readText(Path path) {
        FileSystem fs = fileSystem(path);
        try {
            if (!fs.exists(path)) {
                return null;
            }
            try (InputStream in = fs.open(path)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** Writes {@code text} to {@code path} whole, replacing a file there. */
    void writeText(Path path, String text) {
        write(path, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** What writes a file's bytes. */
    @FunctionalInterface
    interface Contents {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes {@code path} whole: to a temporary name beside it, then renamed over it. */
    void write(Path path, Contents contents) {
        FileSystem fs = fileSystem(path);
        Path temporary = new Path(path.getParent(), "." + path.getName() + "." + System.nanoTime() + ".tmp");
        try {
            try (OutputStream out = fs.create(temporary, true)) {
                contents.writeTo(out);
            }
            if (fs.exists(path)) {
                fs.delete(path, false);
            }
            if (!fs.rename(temporary, path)) {
                throw new IOException("the rename of " + temporary + " to " + path + " failed");
            }
        } catch (IOException e) {
            try {
                fs.delete(temporary, false);
            } catch (IOException ignored) {
                e.addSuppressed(ignored);
            }
            throw new UncheckedIOException("cannot write " + path + ": " + e.getMessage(), e);
        }
    }

    void delete(Path path) {
        try {
            fileSystem(path).delete(path, false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path + ": " + e.getMessage(), e);
        }
    }

    /** Copies {@code from} (any file system) to a local file. */
    void copyToLocal(Path from, java.nio.file.Path to) {
        try (InputStream in = fileSystem(from).open(from)) {
            java.nio.file.Files.createDirectories(to.getParent());
            java.nio.file.Files.copy(in, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + from + ": " + e.getMessage(), e);
        }
    }
}
