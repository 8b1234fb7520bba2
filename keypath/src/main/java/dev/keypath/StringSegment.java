package dev.keypath;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * String segments: the UTF-8 bytes of the value, unescaped. Strings may not hold control characters,
 * so every byte is 0x20 or more and a string never contains the separator, terminator or escape byte.
 */
final class StringSegment {
    private StringSegment() {}

    static boolean isControl(int c) {
        return c < 0x20 || c == 0x7F;
    }

    /**
     * UTF-8 length of a valid id string, or {@code -(index + 1)} of the first character that makes it
     * invalid (a control character or an unpaired surrogate); {@code -1} for the empty string.
     */
    static int checkedUtf8Length(String s) {
        return checkedUtf8Length(s, 0, s.length());
    }

    /**
     * {@link #checkedUtf8Length(String)} of {@code s[start, end)}; a bad character is reported as
     * {@code -(index - start + 1)}.
     */
    static int checkedUtf8Length(String s, int start, int end) {
        if (start == end) {
            return -1;
        }
        int length = 0;
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                if (isControl(c)) {
                    return -(i - start + 1);
                }
                length += 1;
            } else if (c < 0x800) {
                length += 2;
            } else if (Character.isHighSurrogate(c)) {
                if (i + 1 >= end || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return -(i - start + 1);
                }
                length += 4;
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return -(i - start + 1);
            } else {
                length += 3;
            }
        }
        return length;
    }

    /** Describes why {@link #checkedUtf8Length} rejected {@code s} at {@code index}. */
    static String problem(String s, int index) {
        return s.isEmpty() ? "empty id" : problem(s.charAt(index));
    }

    /** Describes why {@code c}, which {@link #checkedUtf8Length} stopped at, may not be in a string id. */
    static String problem(char c) {
        return String.format(isControl(c) ? "control character U+%04X in string id" : "unpaired surrogate U+%04X in string id", (int) c);
    }

    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int) copies Latin-1 chars without allocating
    static int writeAscii(String s, byte[] dst, int off) {
        int n = s.length();
        s.getBytes(0, n, dst, off);
        return off + n;
    }

    static int writeUtf8(String s, byte[] dst, int off) {
        return writeUtf8(s, 0, s.length(), dst, off);
    }

    /** Writes the UTF-8 of {@code s[start, end)}, which holds no unpaired surrogate. */
    static int writeUtf8(String s, int start, int end, byte[] dst, int off) {
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                dst[off++] = (byte) c;
            } else if (c < 0x800) {
                dst[off++] = (byte) (0xC0 | (c >> 6));
                dst[off++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c)) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                dst[off++] = (byte) (0xF0 | (cp >> 18));
                dst[off++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                dst[off++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                dst[off++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                dst[off++] = (byte) (0xE0 | (c >> 12));
                dst[off++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                dst[off++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return off;
    }

    /** Copies {@code s[start, end)}, all of whose characters are ASCII, one byte per character. */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int) copies Latin-1 chars without allocating
    static int writeAscii(String s, int start, int end, byte[] dst, int off) {
        s.getBytes(start, end, dst, off);
        return off + end - start;
    }

    /**
     * Decodes {@code len} bytes at {@code off} as a strict UTF-8 string without control characters.
     * {@code base} is the key's first byte, for error offsets.
     */
    static String decode(byte[] src, int off, int len, int base) {
        boolean ascii = true;
        for (int i = off, end = off + len; i < end; i++) {
            int b = src[i];
            if (b < 0) {
                ascii = false;
            } else if (isControl(b)) {
                throw KeyPathFormatException.inBytes(
                        String.format("control byte 0x%02X in string segment", b), i - base);
            }
        }
        if (ascii) {
            return new String(src, off, len, StandardCharsets.ISO_8859_1);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(src, off, len))
                    .toString();
        } catch (CharacterCodingException e) {
            throw KeyPathFormatException.inBytes("invalid UTF-8 in string segment", off - base);
        }
    }
}
