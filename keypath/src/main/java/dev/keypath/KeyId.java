package dev.keypath;

import java.math.BigInteger;
import java.util.UUID;

/**
 * The id of one key-path element: a string, an integer or raw bytes (a UUID is 16 bytes). Ids are
 * immutable values; two ids are equal when they have the same type and value.
 *
 * <p>Integers span -(2<sup>64</sup>-1) to 2<sup>64</sup>-1, so signed and unsigned 64-bit values sort
 * together; read them with {@link #asLong()}, {@link #asUnsignedLong()} or {@link #asBigInteger()}.
 * Reading an id as a type it is not throws {@link IllegalStateException}; reading an integer that does
 * not fit the requested Java type throws {@link ArithmeticException}.
 */
public abstract sealed class KeyId permits StringId, IntegerId, BytesId, UuidId {

    /** The three id types of the format; their metadata codes are fixed by docs/FORMAT.md. */
    public enum Type {
        STRING,
        INTEGER,
        BYTES
    }

    KeyId() {}

    /** A string id. It must be non-empty and hold no control characters (U+0000..U+001F, U+007F). */
    public static KeyId of(String value) {
        return StringId.create(value);
    }

    /** A signed 64-bit integer id. */
    public static KeyId of(long value) {
        return IntegerId.ofSigned(value);
    }

    /** An integer id read from the 64 bits of {@code value} as an unsigned number (0 .. 2^64-1). */
    public static KeyId ofUnsigned(long value) {
        return IntegerId.unsigned(value);
    }

    /** An integer id in -(2^64-1) .. 2^64-1; anything wider is rejected. */
    public static KeyId of(BigInteger value) {
        return IntegerId.ofBig(value);
    }

    /** A bytes id holding a copy of {@code value}, which must not be empty. */
    public static KeyId of(byte[] value) {
        return BytesId.copyOf(value);
    }

    /** A UUID id: its 16 bytes, most significant first (so it compares as unsigned bytes). */
    public static KeyId of(UUID value) {
        return BytesId.ofUuid(value);
    }

    /**
     * Converts a Java value to an id: {@link KeyId} as is; {@link String}; {@link Long}, {@link Integer},
     * {@link Short} or {@link Byte}; {@link BigInteger}; {@link UUID}; {@code byte[]}; an {@link Enum} as its name. Anything else is a
     * {@link KeyPathFormatException} naming the value's class.
     */
    public static KeyId from(Object value) {
        if (value instanceof KeyId id) {
            return id;
        } else if (value instanceof String s) {
            return of(s);
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return of(((Number) value).longValue());
        } else if (value instanceof BigInteger b) {
            return of(b);
        } else if (value instanceof UUID u) {
            return of(u);
        } else if (value instanceof byte[] b) {
            return of(b);
        } else if (value instanceof Enum<?> e) {
            return of(e.name());
        } else if (value == null) {
            throw KeyPathFormatException.inValue("an id must not be null", null, 0);
        }
        throw KeyPathFormatException.inValue("cannot use a " + value.getClass().getName()
                + " as a key-path id (use String, long, BigInteger, UUID or byte[])", value, 0);
    }

    /** Which of the three id types this is. */
    public abstract Type type();

    /** The string value; only for {@link Type#STRING} ids. */
    public String asString() {
        throw wrongType(Type.STRING);
    }

    /** The value as a signed long; only for integers in Long's range. */
    public long asLong() {
        throw wrongType(Type.INTEGER);
    }

    /** The value as the 64 bits of an unsigned long; only for integers in 0 .. 2^64-1. */
    public long asUnsignedLong() {
        throw wrongType(Type.INTEGER);
    }

    /** The value of an integer id, whatever its size. */
    public BigInteger asBigInteger() {
        throw wrongType(Type.INTEGER);
    }

    /** A copy of the bytes of a {@link Type#BYTES} id. */
    public byte[] asBytes() {
        throw wrongType(Type.BYTES);
    }

    /** The UUID held by a 16-byte bytes id. */
    public UUID asUuid() {
        throw new IllegalStateException("id " + this + " is not a UUID");
    }

    /** Whether this is a 16-byte bytes id, which the text form shows as a UUID. */
    public boolean isUuid() {
        return false;
    }

    /** The id as it appears in a key path's text form (escaped where needed). */
    @Override
    public final String toString() {
        StringBuilder sb = new StringBuilder();
        KeyPathFormatter.appendId(sb, this);
        return sb.toString();
    }

    /** Metadata type code of this id's segment. */
    abstract int typeCode();

    /** Number of bytes {@link #encodeTo} writes. */
    abstract int encodedLength();

    /** Writes the segment at {@code off}, returns the offset after it. */
    abstract int encodeTo(byte[] dst, int off);

    private IllegalStateException wrongType(Type wanted) {
        return new IllegalStateException("id " + this + " is " + type() + ", not " + wanted);
    }
}
