package dev.keypath;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A string id: non-empty, without control characters (U+0000..U+001F, U+007F) or unpaired surrogates.
 *
 * <p>Text: the characters, with {@code %} escaping the next one ({@code %/}, {@code %%}), and a leading
 * {@code %} when the string would otherwise read as another type ({@code %1234}, {@code %~x}, a UUID).
 * Bytes: the UTF-8 of the value, unescaped. Since a string holds no control characters, every byte is 0x20 or
 * more and a string segment never contains the separator, terminator or escape byte.
 */
final class StringId extends KeyId {
    /** Escapes the next character of a string id's text. */
    static final char ESCAPE = '%';

    private final String value;
    private final int utf8Length;
    private final boolean ascii;

    private StringId(String value, int utf8Length) {
        this.value = value;
        this.utf8Length = utf8Length;
        this.ascii = utf8Length == value.length();
    }

    static StringId create(String value) {
        if (value == null) {
            throw KeyPathFormatException.inValue("a string id must not be null", null, 0);
        }
        int length = checkedUtf8Length(value, 0, value.length());
        if (length < 0) {
            int bad = -length - 1;
            throw KeyPathFormatException.inValue(value.isEmpty() ? "empty id" : problem(value.charAt(bad)), value, bad);
        }
        return new StringId(value, length);
    }

    /** For values already checked; {@code utf8Length} is their encoded length. */
    static StringId trusted(String value, int utf8Length) {
        return new StringId(value, utf8Length);
    }

    @Override
    public Type type() {
        return Type.STRING;
    }

    @Override
    public String asString() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StringId other && value.equals(other.value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    private static boolean isControl(int c) {
        return c < 0x20 || c == 0x7F;
    }

    /**
     * UTF-8 length of {@code s[start, end)} if it is a valid id string, or {@code -(index - start + 1)} of the
     * first character that makes it invalid (a control character or an unpaired surrogate); {@code -1} when
     * it is empty.
     */
    private static int checkedUtf8Length(String s, int start, int end) {
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

    /** Why {@code c}, a control character or an unpaired surrogate, may not be in a string id. */
    private static String problem(char c) {
        return String.format(isControl(c) ? "control character U+%04X in string id" : "unpaired surrogate U+%04X in string id", (int) c);
    }

    // ---- text

    /**
     * Reads a string id at {@code start} without escapes in one pass: if it runs to '/' or {@code limit}
     * without a '%' or a bad character, reports it to {@code sink} and returns its end; otherwise returns -1
     * and reports nothing.
     */
    static int parsePlainText(String s, int start, int limit, PathTextSink sink) {
        int length = 0;
        int i = start;
        for (; i < limit; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                if (c == '/') {
                    break;
                }
                if (c == ESCAPE || isControl(c)) {
                    return -1;
                }
                length++;
            } else if (c < 0x800) {
                length += 2;
            } else if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 >= limit || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return -1;
                }
                length += 4;
                i++;
            } else {
                length += 3;
            }
        }
        sink.plainStringId(s, start, i, length);
        return i;
    }

    /**
     * Reads the string id {@code s[start, end)}, whose '%' escapes are whole (none dangles at the end).
     *
     * @throws KeyPathFormatException at the first control character or unpaired surrogate
     */
    static StringId parseText(String s, int start, int end) {
        StringBuilder sb = new StringBuilder(end - start);
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c == ESCAPE) {
                c = s.charAt(++i);
            }
            if (isControl(c)) {
                throw KeyPathFormatException.inText(problem(c), s, i);
            }
            if (Character.isSurrogate(c)) {
                boolean paired = Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(s.charAt(i + 1));
                if (!paired) {
                    throw KeyPathFormatException.inText(problem(c), s, i);
                }
                sb.append(c).append(s.charAt(++i));
                continue;
            }
            sb.append(c);
        }
        String value = sb.toString();
        return new StringId(value, checkedUtf8Length(value, 0, value.length()));
    }

    /** Appends the text, escaped so that it reads back as this string. */
    void appendText(StringBuilder sb) {
        String s = value;
        if (s.charAt(0) == BytesId.TEXT_MARK || IntegerId.isText(s) || UuidId.isText(s)) {
            sb.append(ESCAPE);
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ESCAPE || c == '/') {
                sb.append(ESCAPE);
            }
            sb.append(c);
        }
    }

    // ---- bytes

    @Override
    int typeCode() {
        return KeyEncoding.TYPE_STRING;
    }

    @Override
    int encodedLength() {
        return utf8Length;
    }

    @Override
    int encodeTo(byte[] dst, int off) {
        return ascii ? writeAscii(value, 0, value.length(), dst, off) : writeUtf8(value, 0, value.length(), dst, off);
    }

    /** Copies {@code s[start, end)}, all of whose characters are ASCII, one byte per character. */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int) copies Latin-1 chars without allocating
    static int writeAscii(String s, int start, int end, byte[] dst, int off) {
        s.getBytes(start, end, dst, off);
        return off + end - start;
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

    /**
     * Decodes the {@code len} bytes at {@code off} as a strict UTF-8 string without control characters;
     * {@code base} is the key's first byte, for error offsets.
     */
    static StringId decode(byte[] src, int off, int len, int base) {
        return new StringId(decodeValue(src, off, len, base), len);
    }

    /** The string {@link #decode} reads. */
    static String decodeValue(byte[] src, int off, int len, int base) {
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
