package dev.keypath;

import java.util.Arrays;
import java.util.Base64;
import java.util.UUID;

/**
 * A bytes id of any length but 16. Sixteen bytes are a {@link UuidId}: the factories here route them there,
 * so one value has one representation.
 *
 * <p>Text: {@code ~} and the bytes in unpadded URL-safe base64. Bytes: the raw bytes, with 0x00, 0x01 and 0x02
 * escaped as 0x02 followed by the byte plus one (the rule {@link UuidId} shares). The escaped form keeps
 * unsigned byte order and never holds the terminator; every escaped byte sorts above the separator, so a bytes
 * id that holds 0x00 or 0x01 can neither cut a key short nor sort like a deeper path, and a prefix query on it
 * returns only its own subtree.
 */
final class BytesId extends KeyId {
    /** Starts the text of a bytes id that is not a UUID. */
    static final char TEXT_MARK = '~';
    private static final Base64.Decoder BASE64_IN = Base64.getUrlDecoder();
    private static final Base64.Encoder BASE64_OUT = Base64.getUrlEncoder().withoutPadding();

    private final byte[] value;
    private final int escapedLength;

    private BytesId(byte[] value, int escapedLength) {
        this.value = value;
        this.escapedLength = escapedLength;
    }

    static KeyId copyOf(byte[] value) {
        if (value == null) {
            throw KeyPathFormatException.inValue("a bytes id must not be null", null, 0);
        }
        if (value.length == 0) {
            throw KeyPathFormatException.inValue("a bytes id must not be empty", "", 0);
        }
        return owning(value.clone());
    }

    /** Takes ownership of a non-empty array nobody else holds. */
    static KeyId owning(byte[] value) {
        return value.length == UuidId.LENGTH ? UuidId.of(value, 0) : new BytesId(value, escapedLength(value));
    }

    /** Takes ownership of decoded bytes whose escaped length the decoder already knows. */
    private static KeyId owning(byte[] value, int escapedLength) {
        return value.length == UuidId.LENGTH ? UuidId.of(value, 0) : new BytesId(value, escapedLength);
    }

    static KeyId ofUuid(UUID uuid) {
        if (uuid == null) {
            throw KeyPathFormatException.inValue("a UUID id must not be null", null, 0);
        }
        return UuidId.of(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
    }

    @Override
    public Type type() {
        return Type.BYTES;
    }

    @Override
    public byte[] asBytes() {
        return value.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BytesId other && Arrays.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(value);
    }

    // ---- text

    /**
     * Reads the base64 of {@code s[start, end)}, the text after {@code ~}.
     *
     * @throws KeyPathFormatException for an empty, non-alphabet, impossible or non-canonical base64 text
     */
    static KeyId parseText(String s, int start, int end) {
        if (start == end) {
            throw KeyPathFormatException.inText("empty bytes id after '~'", s, start);
        }
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            if (!ok) {
                throw KeyPathFormatException.inText("invalid character " + KeyPathFormatException.describe(c)
                        + " in base64 bytes id (URL-safe alphabet, no padding)", s, i);
            }
        }
        String b64 = s.substring(start, end);
        byte[] bytes;
        try {
            bytes = BASE64_IN.decode(b64);
        } catch (IllegalArgumentException e) {
            throw KeyPathFormatException.inText("base64 bytes id has an impossible length", s, start);
        }
        if (!BASE64_OUT.encodeToString(bytes).equals(b64)) {
            throw KeyPathFormatException.inText("base64 bytes id is not canonical (stray trailing bits)", s, end - 1);
        }
        return owning(bytes);
    }

    void appendText(StringBuilder sb) {
        sb.append(TEXT_MARK).append(BASE64_OUT.encodeToString(value));
    }

    // ---- bytes

    @Override
    int typeCode() {
        return KeyEncoding.TYPE_BYTES;
    }

    @Override
    int encodedLength() {
        return escapedLength;
    }

    @Override
    int encodeTo(byte[] dst, int off) {
        if (escapedLength == value.length) {
            System.arraycopy(value, 0, dst, off, value.length);
            return off + value.length;
        }
        return writeEscaped(value, dst, off);
    }

    private static boolean needsEscape(int unsignedByte) {
        return unsignedByte <= (KeyEncoding.ESCAPE & 0xFF);
    }

    /** The length of {@code value}'s segment: one more byte for each byte that is escaped. */
    static int escapedLength(byte[] value) {
        int length = value.length;
        for (byte b : value) {
            if (needsEscape(b & 0xFF)) {
                length++;
            }
        }
        return length;
    }

    /** Writes the segment of {@code value} at {@code off}; returns the offset after it. */
    static int writeEscaped(byte[] value, byte[] dst, int off) {
        for (byte b : value) {
            if (needsEscape(b & 0xFF)) {
                dst[off++] = KeyEncoding.ESCAPE;
                dst[off++] = (byte) (b + KeyEncoding.ESCAPE_OFFSET);
            } else {
                dst[off++] = b;
            }
        }
        return off;
    }

    /**
     * Decodes a canonical bytes segment of exactly {@code len} escaped bytes (a {@link UuidId} when it holds
     * sixteen); {@code base} is the key's first byte, for error offsets.
     */
    static KeyId decode(byte[] src, int off, int len, int base) {
        if (len == UuidId.LENGTH) {
            UuidId uuid = UuidId.ofUnescapedSegment(src, off);
            if (uuid != null) {
                return uuid;
            }
        }
        int end = off + len;
        int escapes = 0;
        for (int i = off; i < end; i++) {
            int b = src[i] & 0xFF;
            if (b == (KeyEncoding.ESCAPE & 0xFF)) {
                int next = i + 1 < end ? src[i + 1] & 0xFF : -1;
                if (next < KeyEncoding.ESCAPE_OFFSET || next > (KeyEncoding.ESCAPE & 0xFF) + KeyEncoding.ESCAPE_OFFSET) {
                    throw KeyPathFormatException.inBytes("invalid escape in bytes segment", i - base);
                }
                escapes++;
                i++;
            } else if (needsEscape(b)) {
                throw KeyPathFormatException.inBytes(String.format("unescaped 0x%02X in bytes segment", b), i - base);
            }
        }
        if (escapes == 0) {
            return owning(Arrays.copyOfRange(src, off, off + len), len);
        }
        byte[] value = new byte[len - escapes];
        for (int i = off, j = 0; i < end; i++) {
            byte b = src[i];
            value[j++] = b == KeyEncoding.ESCAPE ? (byte) (src[++i] - KeyEncoding.ESCAPE_OFFSET) : b;
        }
        return owning(value, len);
    }
}
