package dev.keypath.export;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads one gzip data file line by line into attribute maps, and at its end checks its MD5, its ETag and its item
 * count against the files manifest. Every problem is an {@link ExportFormatException} naming the file and, for a
 * line, its number. Blank lines are not items and are passed over. Single use; not thread-safe.
 */
final class DataFileReader implements AutoCloseable {
    private static final int BUFFER = 1 << 16;

    /** One item and the line it was on. */
    record Line(long number, Map<String, AttributeValue> item) {
    }

    private final ExportDataFile file;
    private final String name;
    private final MessageDigest md5 = Checksums.md5();
    private final InputStream raw;
    private final BufferedReader lines;
    private long lineNumber;
    private long items;
    private boolean done;

    DataFileReader(ExportDirectory export, ExportDataFile file) {
        this.file = file;
        this.name = export.relative(file, 0);
        Path path = export.path().resolve(name);
        try {
            this.raw = new DigestInputStream(new BufferedInputStream(Files.newInputStream(path), BUFFER), md5);
        } catch (NoSuchFileException e) {
            throw new ExportFormatException(name, 0, "missing", e);
        } catch (IOException e) {
            throw new ExportFormatException(name, 0, "cannot be read: " + e.getMessage(), e);
        }
        try {
            this.lines = Files.size(path) == 0 ? null : new BufferedReader(new InputStreamReader(
                    new GZIPInputStream(raw, BUFFER), StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)),
                    BUFFER);
        } catch (IOException e) {
            try {
                raw.close();
            } catch (IOException ignored) {
                e.addSuppressed(ignored);
            }
            throw new ExportFormatException(name, 0, "not gzip: " + e.getMessage(), e);
        }
    }

    /** The file's name relative to the export's directory. */
    String name() {
        return name;
    }

    /** The next item, or null at the end of the file (after its checks passed). */
    Line next() {
        if (done) {
            return null;
        }
        while (true) {
            String text = readLine();
            if (text == null) {
                finish();
                return null;
            }
            lineNumber++;
            if (text.isBlank()) {
                continue;
            }
            Map<String, AttributeValue> item;
            try {
                item = DynamoJson.readLine(text);
            } catch (DynamoJson.BadLineException e) {
                throw new ExportFormatException(name, lineNumber, e.getMessage(), e);
            }
            items++;
            return new Line(lineNumber, item);
        }
    }

    private String readLine() {
        if (lines == null) {
            return null;
        }
        try {
            return lines.readLine();
        } catch (CharacterCodingException e) {
            throw new ExportFormatException(name, lineNumber + 1, "not UTF-8", e);
        } catch (IOException e) {
            throw new ExportFormatException(name, lineNumber + 1, "the gzip data is damaged: " + e.getMessage(), e);
        }
    }

    private void finish() {
        done = true;
        try {
            byte[] rest = new byte[BUFFER];
            while (raw.read(rest) >= 0) {
                // the digest must see every byte, including any after the last gzip member
            }
        } catch (IOException e) {
            throw new ExportFormatException(name, 0, "cannot be read: " + e.getMessage(), e);
        }
        byte[] digest = md5.digest();
        if (file.md5Checksum() != null && !file.md5Checksum().equals(Checksums.base64(digest))) {
            throw new ExportFormatException(name, 0, "its MD5 " + Checksums.base64(digest)
                    + " differs from the manifest's md5Checksum " + file.md5Checksum(), null);
        }
        if (file.etag() != null && !Checksums.etagAgrees(file.etag(), digest)) {
            throw new ExportFormatException(name, 0, "its MD5 " + Checksums.hex(digest)
                    + " does not give the manifest's etag " + file.etag(), null);
        }
        if (items != file.itemCount()) {
            throw new ExportFormatException(name, 0, "holds " + items + " items, but the manifest's itemCount is "
                    + file.itemCount(), null);
        }
    }

    @Override
    public void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            if (lines != null) {
                lines.close();
            } else {
                raw.close();
            }
        } catch (IOException e) {
            // reading is over; nothing was written
        }
    }
}
