package dev.keypath.cli;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Standard input as lines of strict UTF-8, opened only when a command first asks for a line. A line ends at
 * {@code \n}, {@code \r\n} or {@code \r}. A line that is not valid UTF-8 is not repaired: {@link #next()} throws
 * {@link IllegalArgumentException} naming the byte offset of the first bad byte in that line, and the next call
 * goes on with the following line.
 */
final class StdinLines {
    private final InputStream stream;
    private BufferedInputStream in;

    StdinLines(InputStream stream) {
        this.stream = stream;
    }

    /** The next line without its terminator, or null at the end of input. */
    String next() {
        if (in == null) {
            in = new BufferedInputStream(stream);
        }
        byte[] line = readLine();
        return line == null ? null : decode(line);
    }

    private byte[] readLine() {
        try {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b = in.read();
            if (b < 0) {
                return null;
            }
            while (b >= 0 && b != '\n' && b != '\r') {
                line.write(b);
                b = in.read();
            }
            if (b == '\r') {
                in.mark(1);
                if (in.read() != '\n') {
                    in.reset();
                }
            }
            return line.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read standard input", e);
        }
    }

    private static String decode(byte[] line) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.wrap(line);
        CharBuffer chars = CharBuffer.allocate(line.length);
        CoderResult result = decoder.decode(bytes, chars, true);
        if (!result.isError()) {
            result = decoder.flush(chars);
        }
        if (result.isError()) {
            throw new IllegalArgumentException("invalid UTF-8 at byte offset " + bytes.position()
                    + " of the input line");
        }
        return chars.flip().toString();
    }
}
