package dev.keypath.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Standard input as UTF-8 lines, opened only when a command first asks for a line. */
final class StdinLines {
    private final InputStream stream;
    private BufferedReader reader;

    StdinLines(InputStream stream) {
        this.stream = stream;
    }

    /** The next line without its line terminator, or null at the end of input. */
    String next() {
        if (reader == null) {
            reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
        }
        try {
            return reader.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read standard input", e);
        }
    }
}
