package dev.keypath;

import java.util.Base64;

/**
 * The text syntax of one id: integers {@code 0|-?[1-9][0-9]*}, UUIDs (16-byte bytes ids), {@code ~} plus
 * unpadded URL-safe base64 for other bytes, and strings where {@code %} escapes the next character.
 */
final class IdSyntax {
    private IdSyntax() {}

    private static final Base64.Decoder BASE64 = Base64.getUrlDecoder();
    static final Base64.Encoder BASE64_OUT = Base64.getUrlEncoder().withoutPadding();
    static final char BYTES_MARK = '~';
    static final char ESCAPE = '%';
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final String MAX_MAGNITUDE = "18446744073709551615";

    /** Parses {@code text[start, end)}; {@code escaped} says whether it holds a '%'. */
    static KeyId parse(CharSequence text, int start, int end, boolean escaped) {
        if (start == end) {
            throw KeyPathFormatException.inText("empty id", text, start);
        }
        char first = text.charAt(start);
        if (first == BYTES_MARK) {
            return parseBytes(text, start + 1, end);
        }
        if (!escaped) {
            if (first == '-' || (first >= '0' && first <= '9')) {
                KeyId integer = tryInteger(text, start, end);
                if (integer != null) {
                    return integer;
                }
            }
            if (end - start == 36) {
                byte[] uuid = tryUuid(text, start);
                if (uuid != null) {
                    return BytesId.owning(uuid);
                }
            }
            return plainString(text, start, end);
        }
        return parseString(text, start, end);
    }

    /** The integer spelled by {@code s[start, end)}, or null if it is not integer syntax. One pass. */
    private static KeyId tryInteger(CharSequence s, int start, int end) {
        boolean negative = s.charAt(start) == '-';
        int digits = negative ? start + 1 : start;
        int count = end - digits;
        if (count == 0 || (s.charAt(digits) == '0' && (count > 1 || negative))) {
            return null;
        }
        long magnitude = 0;
        for (int i = digits; i < end; i++) {
            int d = s.charAt(i) - '0';
            if (d < 0 || d > 9) {
                return null;
            }
            magnitude = magnitude * 10 + d;
        }
        if (count > MAX_MAGNITUDE.length() || (count == MAX_MAGNITUDE.length()
                && CharSequenceCompare.compare(s, digits, end, MAX_MAGNITUDE) > 0)) {
            throw KeyPathFormatException.inText("integer id is outside -(2^64-1) .. 2^64-1", s, start);
        }
        return IntegerId.ofMagnitude(negative, magnitude);
    }

    private static final byte[] HEX_VALUES = new byte[128];

    static {
        java.util.Arrays.fill(HEX_VALUES, (byte) -1);
        for (int c = '0'; c <= '9'; c++) {
            HEX_VALUES[c] = (byte) (c - '0');
        }
        for (int c = 'a'; c <= 'f'; c++) {
            HEX_VALUES[c] = (byte) (c - 'a' + 10);
            HEX_VALUES[c - 'a' + 'A'] = (byte) (c - 'a' + 10);
        }
    }

    private static int hex(char c) {
        return c < 128 ? HEX_VALUES[c] : -1;
    }

    /** The 16 bytes of a canonical UUID at {@code s[start, start + 36)}, or null. One pass. */
    private static byte[] tryUuid(CharSequence s, int start) {
        if (s.charAt(start + 8) != '-' || s.charAt(start + 13) != '-' || s.charAt(start + 18) != '-'
                || s.charAt(start + 23) != '-') {
            return null;
        }
        long a = hexDigits(s, start, 8);
        long b = hexDigits(s, start + 9, 4);
        long c = hexDigits(s, start + 14, 4);
        long d = hexDigits(s, start + 19, 4);
        long e = hexDigits(s, start + 24, 12);
        if ((a | b | c | d | e) < 0) {
            return null;
        }
        long hi = (a << 32) | (b << 16) | c;
        long lo = (d << 48) | e;
        byte[] out = new byte[BytesId.UUID_LENGTH];
        for (int i = 7; i >= 0; i--) {
            out[i] = (byte) hi;
            out[8 + i] = (byte) lo;
            hi >>>= 8;
            lo >>>= 8;
        }
        return out;
    }

    /** The value of {@code count} (at most 15) hex digits at {@code from}, or -1 if one is not a hex digit. */
    private static long hexDigits(CharSequence s, int from, int count) {
        long value = 0;
        int bad = 0;
        for (int i = from, end = from + count; i < end; i++) {
            int h = hex(s.charAt(i));
            bad |= h;
            value = (value << 4) | (h & 0xF);
        }
        return bad < 0 ? -1 : value;
    }

    /** A string id without escapes: copied once, then checked. */
    private static KeyId plainString(CharSequence s, int start, int end) {
        String value = s.subSequence(start, end).toString();
        int length = StringSegment.checkedUtf8Length(value);
        if (length < 0) {
            int bad = -length - 1;
            throw KeyPathFormatException.inText(StringSegment.problem(value, bad), s, start + bad);
        }
        return StringId.trusted(value, length);
    }

    static boolean isInteger(CharSequence s, int start, int end) {
        int i = start;
        if (i < end && s.charAt(i) == '-') {
            i++;
        }
        if (i >= end) {
            return false;
        }
        char first = s.charAt(i);
        if (first == '0') {
            return i == start && end == start + 1;
        }
        for (; i < end; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    static boolean isUuid(CharSequence s, int start, int end) {
        if (end - start != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(start + i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') {
                    return false;
                }
            } else if (hex(c) < 0) {
                return false;
            }
        }
        return true;
    }

    private static KeyId parseBytes(CharSequence s, int start, int end) {
        if (start == end) {
            throw KeyPathFormatException.inText("empty bytes id after '~'", s, start);
        }
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            if (!ok) {
                throw KeyPathFormatException.inText("invalid character " + Namespaces.describe(c)
                        + " in base64 bytes id (URL-safe alphabet, no padding)", s, i);
            }
        }
        String b64 = s.subSequence(start, end).toString();
        byte[] bytes;
        try {
            bytes = BASE64.decode(b64);
        } catch (IllegalArgumentException e) {
            throw KeyPathFormatException.inText("base64 bytes id has an impossible length", s, start);
        }
        if (!BASE64_OUT.encodeToString(bytes).equals(b64)) {
            throw KeyPathFormatException.inText("base64 bytes id is not canonical (stray trailing bits)", s, end - 1);
        }
        return BytesId.owning(bytes);
    }

    private static KeyId parseString(CharSequence s, int start, int end) {
        StringBuilder sb = new StringBuilder(end - start);
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c == ESCAPE) {
                c = s.charAt(++i);
            }
            if (StringSegment.isControl(c)) {
                throw KeyPathFormatException.inText(String.format("control character U+%04X in string id", (int) c), s, i);
            }
            if (Character.isSurrogate(c)) {
                boolean paired = Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(s.charAt(i + 1));
                if (!paired) {
                    throw KeyPathFormatException.inText(String.format("unpaired surrogate U+%04X in string id", (int) c), s, i);
                }
                sb.append(c).append(s.charAt(++i));
                continue;
            }
            sb.append(c);
        }
        String value = sb.toString();
        return StringId.trusted(value, StringSegment.checkedUtf8Length(value));
    }

    /** Appends a UUID's canonical lower-case text. */
    static void appendUuid(StringBuilder sb, byte[] b) {
        for (int i = 0; i < BytesId.UUID_LENGTH; i++) {
            if (i == 4 || i == 6 || i == 8 || i == 10) {
                sb.append('-');
            }
            sb.append(HEX[(b[i] >> 4) & 0xF]).append(HEX[b[i] & 0xF]);
        }
    }

    /** Whether a string id must be written with a leading '%' so it does not read as another type. */
    static boolean needsTypeEscape(String s) {
        return s.charAt(0) == BYTES_MARK || isInteger(s, 0, s.length()) || isUuid(s, 0, s.length());
    }
}
