package dev.keypath.spring.repository;

import dev.keypath.KeyId;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Smallest and largest ids and exclusive-bound steps for the id kinds whose order has ends: integers
 * (−(2⁶⁴−1) … 2⁶⁴−1 in the key-path format) and UUIDs (16 unsigned bytes). Other ids (strings, bytes) have no
 * largest value, so only closed ranges ({@code Between}) work on them. Stateless.
 */
enum IdBounds {
    /** Integer ids of any Java integer type. */
    INTEGER,
    /** UUID ids. */
    UUID_ID,
    /** Strings, bytes, enums: no bounds. */
    UNBOUNDED;

    private static final BigInteger MAX_INTEGER = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private static final BigInteger MAX_UUID = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);
    private static final Set<Class<?>> INTEGER_TYPES = Set.of(long.class, Long.class, int.class, Integer.class,
            short.class, Short.class, byte.class, Byte.class, BigInteger.class);

    /** The kind of a key field of Java type {@code type}. */
    static IdBounds of(Class<?> type) {
        if (INTEGER_TYPES.contains(type)) {
            return INTEGER;
        }
        return type == UUID.class ? UUID_ID : UNBOUNDED;
    }

    /** Whether open and exclusive ranges can be expressed. */
    boolean bounded() {
        return this != UNBOUNDED;
    }

    /** The smallest id of this kind. */
    KeyId min() {
        return switch (this) {
            case INTEGER -> KeyId.of(MAX_INTEGER.negate());
            case UUID_ID -> KeyId.of(new UUID(0, 0));
            case UNBOUNDED -> throw new IllegalStateException("no smallest id");
        };
    }

    /** The largest id of this kind. */
    KeyId max() {
        return switch (this) {
            case INTEGER -> KeyId.of(MAX_INTEGER);
            case UUID_ID -> KeyId.of(new UUID(-1L, -1L));
            case UNBOUNDED -> throw new IllegalStateException("no largest id");
        };
    }

    /** The id right after {@code id}, or empty if {@code id} is the largest. */
    Optional<KeyId> next(KeyId id) {
        BigInteger v = value(id).add(BigInteger.ONE);
        return v.compareTo(this == INTEGER ? MAX_INTEGER : MAX_UUID) > 0 ? Optional.empty() : Optional.of(id(v));
    }

    /** The id right before {@code id}, or empty if {@code id} is the smallest. */
    Optional<KeyId> previous(KeyId id) {
        BigInteger v = value(id).subtract(BigInteger.ONE);
        return v.compareTo(this == INTEGER ? MAX_INTEGER.negate() : BigInteger.ZERO) < 0 ? Optional.empty()
                : Optional.of(id(v));
    }

    private BigInteger value(KeyId id) {
        if (this == INTEGER) {
            return id.asBigInteger();
        }
        UUID u = id.asUuid();
        byte[] b = ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
        return new BigInteger(1, b);
    }

    private KeyId id(BigInteger v) {
        if (this == INTEGER) {
            return KeyId.of(v);
        }
        byte[] raw = v.toByteArray();
        byte[] b = new byte[16];
        int n = Math.min(raw.length, 16);
        System.arraycopy(raw, raw.length - n, b, 16 - n, n);
        ByteBuffer buf = ByteBuffer.wrap(b);
        return KeyId.of(new UUID(buf.getLong(), buf.getLong()));
    }
}
