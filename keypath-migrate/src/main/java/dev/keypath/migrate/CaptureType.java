package dev.keypath.migrate;

import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.UUID;

/**
 * How the text a key pattern captures becomes a key-path id. Each type has the name used in a pattern
 * ({@code {postId:int}}), the text it accepts, and the id it gives; the ids sort as the values do, so zero-padded
 * numbers and ISO dates keep their order after the migration.
 */
public enum CaptureType {
    /** {@code string} (the default): the text as is, a string id. */
    STRING("string", ".+?"),
    /** {@code int}: decimal digits with an optional sign, leading zeros allowed ({@code 0042}): an integer id. */
    INT("int", "[+-]?[0-9]+"),
    /** {@code uuid}: a UUID's 36-character text in either case: a UUID (bytes) id. */
    UUID("uuid", "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"),
    /** {@code date}: an ISO date ({@code 2024-03-01}): the integer id of its epoch day (days since 1970-01-01). */
    DATE("date", "[0-9]{4}-[0-9]{2}-[0-9]{2}"),
    /**
     * {@code instant}: an ISO instant with a zone offset ({@code 2024-03-01T10:15:30Z},
     * {@code 2024-03-01T12:15:30.250+02:00}): the integer id of its epoch milliseconds.
     */
    INSTANT("instant", "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]{1,9})?"
            + "(?:Z|z|[+-][0-9]{2}:[0-9]{2})");

    private final String declaredName;
    private final String regex;

    CaptureType(String declaredName, String regex) {
        this.declaredName = declaredName;
        this.regex = regex;
    }

    /** The name a pattern uses, e.g. {@code int}. */
    public String declaredName() {
        return declaredName;
    }

    /** The regular expression of the text this type accepts. */
    String regex() {
        return regex;
    }

    /** The type a pattern names, or null. */
    static CaptureType named(String name) {
        for (CaptureType t : values()) {
            if (t.declaredName.equals(name)) {
                return t;
            }
        }
        return null;
    }

    /**
     * The id value of {@code text} (which matched {@link #regex()}): a {@code String}, {@code Long},
     * {@code BigInteger} or {@code UUID} for {@link dev.keypath.KeyId#from}.
     *
     * @throws IllegalArgumentException naming what is wrong with the text
     */
    Object convert(String text) {
        switch (this) {
            case STRING:
                return text;
            case INT: {
                BigInteger n = new BigInteger(text.startsWith("+") ? text.substring(1) : text);
                return n.bitLength() < 64 ? (Object) n.longValue() : n;
            }
            case UUID:
                return java.util.UUID.fromString(text.toLowerCase(Locale.ROOT));
            case DATE:
                try {
                    return LocalDate.parse(text).toEpochDay();
                } catch (DateTimeParseException e) {
                    throw new IllegalArgumentException("'" + text + "' is not a valid ISO date");
                }
            case INSTANT:
                try {
                    return Instant.parse(text.replace('z', 'Z')).toEpochMilli();
                } catch (DateTimeParseException | ArithmeticException e) {
                    throw new IllegalArgumentException("'" + text + "' is not a valid ISO instant");
                }
            default:
                throw new AssertionError(this);
        }
    }

    @Override
    public String toString() {
        return declaredName;
    }
}
