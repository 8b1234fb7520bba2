package dev.keypath.benchmarks;

import java.util.UUID;

/**
 * The competitor most single-table designs use today: a hand-built string key
 * {@code USER#<uuid>#POST#0000001234#COMMENT#1678901234#REACT#0000000042}, integers zero-padded to ten
 * digits so that non-negative values below 10^10 sort as numbers. Written the way a careful user would:
 * one pre-sized StringBuilder, no {@code String.format}.
 */
final class StringKey {
    private StringKey() {}

    static final int WIDTH = 10;
    private static final char SEPARATOR = '#';
    private static final int CAPACITY = 96;

    /** The typed values read back from a key. */
    record Parts(UUID user, long post, long comment, long react) {}

    static String build(UUID user, long post, long comment, long react) {
        StringBuilder sb = new StringBuilder(CAPACITY);
        sb.append("USER").append(SEPARATOR).append(user.toString());
        sb.append(SEPARATOR).append("POST").append(SEPARATOR);
        appendPadded(sb, post);
        sb.append(SEPARATOR).append("COMMENT").append(SEPARATOR);
        appendPadded(sb, comment);
        sb.append(SEPARATOR).append("REACT").append(SEPARATOR);
        appendPadded(sb, react);
        return sb.toString();
    }

    /** The same key without padding, as the article prints it; it does not sort numerically. */
    static String unpadded(UUID user, long post, long comment, long react) {
        return "USER#" + user + "#POST#" + post + "#COMMENT#" + comment + "#REACT#" + react;
    }

    static Parts parse(String key) {
        String[] parts = key.split("#");
        if (parts.length != 8 || !"USER".equals(parts[0]) || !"POST".equals(parts[2])
                || !"COMMENT".equals(parts[4]) || !"REACT".equals(parts[6])) {
            throw new IllegalArgumentException("not a USER#..#POST#..#COMMENT#..#REACT#.. key: " + key);
        }
        return new Parts(UUID.fromString(parts[1]), Long.parseLong(parts[3]), Long.parseLong(parts[5]),
                Long.parseLong(parts[7]));
    }

    private static void appendPadded(StringBuilder sb, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("zero padding cannot order negative numbers: " + value);
        }
        int digits = 1;
        for (long v = value; v >= 10; v /= 10) {
            digits++;
        }
        for (int i = digits; i < WIDTH; i++) {
            sb.append('0');
        }
        sb.append(value);
    }
}
