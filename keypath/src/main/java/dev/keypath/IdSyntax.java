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
    private static final int UUID_TEXT_LENGTH = 36;

    /**
     * Parses the id that starts at {@code start} and ends at the first unescaped '/' or at {@code limit},
     * reporting it to {@code sink}, and returns where it ends. Integers, UUIDs and strings without escapes
     * are recognised in the same pass that finds the end; an id with escapes, a bytes id or a bad character
     * takes a second pass.
     */
    static int parse(String text, int start, int limit, PathTextSink sink) {
        if (start == limit || text.charAt(start) == '/') {
            throw KeyPathFormatException.inText("empty id", text, start);
        }
        char first = text.charAt(start);
        if (first != BYTES_MARK) {
            if (first == '-' || (first >= '0' && first <= '9')) {
                int end = tryInteger(text, start, limit, sink);
                if (end >= 0) {
                    return end;
                }
            }
            int uuidEnd = start + UUID_TEXT_LENGTH;
            if (uuidEnd <= limit && (uuidEnd == limit || text.charAt(uuidEnd) == '/') && tryUuid(text, start, sink)) {
                return uuidEnd;
            }
            int end = tryPlainString(text, start, limit, sink);
            if (end >= 0) {
                return end;
            }
        }
        return parseSlowly(text, start, limit, sink);
    }

    /** Parses {@code text[start, end)}, which holds no unescaped '/', into an id. */
    static KeyId parseId(String text, int start, int end) {
        PathBuilder one = new PathBuilder();
        one.namespace("id", 0, 2);
        parse(text, start, end, one);
        return one.lastId();
    }

    /**
     * The second pass: finds the end honouring '%' escapes, then reads a bytes id, an escaped string, or a
     * plain string whose bad character it reports.
     */
    private static int parseSlowly(String text, int start, int limit, PathTextSink sink) {
        int end = start;
        boolean escaped = false;
        while (end < limit && text.charAt(end) != '/') {
            if (text.charAt(end) == ESCAPE) {
                if (end + 1 >= limit) {
                    throw KeyPathFormatException.inText("dangling '%' at the end", text, end);
                }
                escaped = true;
                end += 2;
            } else {
                end++;
            }
        }
        if (text.charAt(start) == BYTES_MARK) {
            sink.id(parseBytes(text, start + 1, end));
        } else if (escaped) {
            sink.id(parseString(text, start, end));
        } else {
            int length = StringSegment.checkedUtf8Length(text, start, end);
            if (length < 0) {
                int bad = start - length - 1;
                throw KeyPathFormatException.inText(StringSegment.problem(text.charAt(bad)), text, bad);
            }
            sink.plainStringId(text, start, end, length);
        }
        return end;
    }

    /**
     * Reports the string id at {@code start} and returns its end if it runs to '/' or {@code limit} without
     * escapes or bad characters; otherwise returns -1 and reports nothing.
     */
    private static int tryPlainString(String s, int start, int limit, PathTextSink sink) {
        int length = 0;
        int i = start;
        for (; i < limit; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                if (c == '/') {
                    break;
                }
                if (c == ESCAPE || StringSegment.isControl(c)) {
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
     * Reports the integer at {@code start} and returns its end if the id is integer syntax running to '/'
     * or {@code limit}; otherwise returns -1 and reports nothing. One pass.
     */
    private static int tryInteger(String s, int start, int limit, PathTextSink sink) {
        boolean negative = s.charAt(start) == '-';
        int digits = negative ? start + 1 : start;
        long magnitude = 0;
        int end = digits;
        // two digits a step halves the multiply chain; the tail takes a last single digit
        while (end + 1 < limit) {
            int d1 = s.charAt(end) - '0';
            int d2 = s.charAt(end + 1) - '0';
            if (Integer.compareUnsigned(d1, 9) > 0 || Integer.compareUnsigned(d2, 9) > 0) {
                break;
            }
            magnitude = magnitude * 100 + (d1 * 10 + d2);
            end += 2;
        }
        if (end < limit && Integer.compareUnsigned(s.charAt(end) - '0', 9) <= 0) {
            magnitude = magnitude * 10 + (s.charAt(end) - '0');
            end++;
        }
        if (end < limit && s.charAt(end) != '/') {
            return -1;
        }
        int count = end - digits;
        if (count == 0 || (s.charAt(digits) == '0' && (count > 1 || negative))) {
            return -1;
        }
        if (count > MAX_MAGNITUDE.length() || (count == MAX_MAGNITUDE.length()
                && CharSequenceCompare.compare(s, digits, end, MAX_MAGNITUDE) > 0)) {
            throw KeyPathFormatException.inText("integer id is outside -(2^64-1) .. 2^64-1", s, start);
        }
        sink.integerId(negative, magnitude);
        return end;
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

    /** Reports the UUID at {@code s[start, start + 36)} and returns true, or returns false if it is not one. One pass. */
    private static boolean tryUuid(String s, int start, PathTextSink sink) {
        if (s.charAt(start + 8) != '-' || s.charAt(start + 13) != '-' || s.charAt(start + 18) != '-'
                || s.charAt(start + 23) != '-') {
            return false;
        }
        // eight independent groups of four digits: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx
        int g0 = hex4(s, start);
        int g1 = hex4(s, start + 4);
        int g2 = hex4(s, start + 9);
        int g3 = hex4(s, start + 14);
        int g4 = hex4(s, start + 19);
        int g5 = hex4(s, start + 24);
        int g6 = hex4(s, start + 28);
        int g7 = hex4(s, start + 32);
        if ((g0 | g1 | g2 | g3 | g4 | g5 | g6 | g7) < 0) {
            return false;
        }
        sink.uuidId((long) g0 << 48 | (long) g1 << 32 | (long) g2 << 16 | g3,
                (long) g4 << 48 | (long) g5 << 32 | (long) g6 << 16 | g7);
        return true;
    }

    /** The value of the four hex digits at {@code at}, or a negative number if one is not a hex digit. */
    private static int hex4(String s, int at) {
        return hex(s.charAt(at)) << 12 | hex(s.charAt(at + 1)) << 8 | hex(s.charAt(at + 2)) << 4 | hex(s.charAt(at + 3));
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

    private static KeyId parseBytes(String s, int start, int end) {
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

    private static KeyId parseString(String s, int start, int end) {
        StringBuilder sb = new StringBuilder(end - start);
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c == ESCAPE) {
                c = s.charAt(++i);
            }
            if (StringSegment.isControl(c)) {
                throw KeyPathFormatException.inText(StringSegment.problem(c), s, i);
            }
            if (Character.isSurrogate(c)) {
                boolean paired = Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(s.charAt(i + 1));
                if (!paired) {
                    throw KeyPathFormatException.inText(StringSegment.problem(c), s, i);
                }
                sb.append(c).append(s.charAt(++i));
                continue;
            }
            sb.append(c);
        }
        String value = sb.toString();
        return StringId.trusted(value, StringSegment.checkedUtf8Length(value));
    }

    /** Appends the canonical lower-case text of the UUID whose big-endian halves are {@code hi} and {@code lo}. */
    static void appendUuid(StringBuilder sb, long hi, long lo) {
        appendHex(sb, hi >>> 32, 8).append('-');
        appendHex(sb, hi >>> 16, 4).append('-');
        appendHex(sb, hi, 4).append('-');
        appendHex(sb, lo >>> 48, 4).append('-');
        appendHex(sb, lo, 12);
    }

    /** Appends the low {@code digits} hex digits of {@code v}, most significant first. */
    private static StringBuilder appendHex(StringBuilder sb, long v, int digits) {
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
            sb.append(HEX[(int) (v >>> shift) & 0xF]);
        }
        return sb;
    }

    /** Whether a string id must be written with a leading '%' so it does not read as another type. */
    static boolean needsTypeEscape(String s) {
        return s.charAt(0) == BYTES_MARK || isInteger(s, 0, s.length()) || isUuid(s, 0, s.length());
    }
}
