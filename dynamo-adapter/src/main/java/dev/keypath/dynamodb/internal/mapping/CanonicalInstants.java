package dev.keypath.dynamodb.internal.mapping;

import com.ethlo.time.ITU;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The text of an {@link Instant} as {@link Instant#toString()} writes it ({@code 2025-03-14T15:09:26.535Z}: UTC,
 * four-digit year, no fraction or three, six or nine fraction digits), read and written by ITU's RFC 3339 code
 * instead of the JDK's {@code DateTimeFormatter}, which costs several times as much. Each method answers only for
 * the text or value it is sure of and returns {@code null} for anything else, so that callers fall back to the JDK
 * (through Jackson) and keep its results and its errors. Stateless.
 */
final class CanonicalInstants {
    private CanonicalInstants() {}

    /** {@code 2025-03-14T15:09:26Z}. */
    private static final int SHORTEST = 20;
    /** {@code 2025-03-14T15:09:26.123456789Z}. */
    private static final int LONGEST = 30;
    private static final int DATE_TIME_SEPARATOR = 10;
    /** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the seconds with a four-digit year. */
    private static final long FIRST_SECOND = -62_167_219_200L;
    private static final long LAST_SECOND = 253_402_300_799L;
    private static final int NANOS_PER_MILLI = 1_000_000;
    private static final int NANOS_PER_MICRO = 1_000;

    /**
     * The instant written as {@code text}, or {@code null} if the text is not in the UTC {@code …T…Z} form with a
     * four-digit year or ITU does not accept it; for every text it answers, the answer equals
     * {@link Instant#parse(CharSequence)}'s.
     */
    public static Instant parse(String text) {
        int n = text.length();
        if (n < SHORTEST || n > LONGEST || text.charAt(DATE_TIME_SEPARATOR) != 'T' || text.charAt(n - 1) != 'Z') {
            return null;
        }
        try {
            return ITU.parseDateTime(text).toInstant();
        } catch (RuntimeException e) { // whatever ITU refuses, and however, is left to the JDK
            return null;
        }
    }

    /**
     * {@code value.toString()}, or {@code null} if the year of {@code value} does not have four digits (which
     * {@code toString} writes with a sign or a fifth digit).
     */
    public static String format(Instant value) {
        long seconds = value.getEpochSecond();
        if (seconds < FIRST_SECOND || seconds > LAST_SECOND) {
            return null;
        }
        // LocalDateTime.ofEpochSecond skips the ZoneRules object that Instant.atOffset builds on every call
        LocalDateTime utc = LocalDateTime.ofEpochSecond(seconds, value.getNano(), ZoneOffset.UTC);
        return ITU.formatUtc(OffsetDateTime.of(utc, ZoneOffset.UTC), fractionDigits(value.getNano()));
    }

    /** The fraction digits {@link Instant#toString()} writes: none, or as many groups of three as needed. */
    private static int fractionDigits(int nanos) {
        if (nanos == 0) {
            return 0;
        }
        if (nanos % NANOS_PER_MILLI == 0) {
            return 3;
        }
        return nanos % NANOS_PER_MICRO == 0 ? 6 : 9;
    }
}
