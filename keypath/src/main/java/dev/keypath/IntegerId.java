package dev.keypath;

import java.math.BigInteger;

/**
 * An integer id held as a sign and an unsigned 64-bit magnitude, so it spans -(2^64-1) .. 2^64-1.
 * Zero is never negative.
 */
final class IntegerId extends KeyId {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /** The ids 0..255, shared: small ids are the most common, and an id is an immutable value. */
    private static final IntegerId[] SMALL = new IntegerId[256];

    static {
        for (int i = 0; i < SMALL.length; i++) {
            SMALL[i] = new IntegerId(false, i);
        }
    }

    private final boolean negative;
    private final long magnitude;

    private IntegerId(boolean negative, long magnitude) {
        this.negative = negative && magnitude != 0;
        this.magnitude = magnitude;
    }

    static IntegerId ofSigned(long value) {
        return value < 0 ? new IntegerId(true, -value) : ofMagnitude(false, value);
    }

    static IntegerId unsigned(long value) {
        return ofMagnitude(false, value);
    }

    static IntegerId ofMagnitude(boolean negative, long magnitude) {
        if (!negative && Long.compareUnsigned(magnitude, SMALL.length) < 0) {
            return SMALL[(int) magnitude];
        }
        return new IntegerId(negative, magnitude);
    }

    static IntegerId ofBig(BigInteger value) {
        if (value == null) {
            throw KeyPathFormatException.inValue("an integer id must not be null", null, 0);
        }
        BigInteger abs = value.abs();
        if (abs.bitLength() > 64) {
            throw KeyPathFormatException.inValue("integer id is outside -(2^64-1) .. 2^64-1", value, 0);
        }
        return new IntegerId(value.signum() < 0, abs.longValue());
    }

    boolean negative() {
        return negative;
    }

    long magnitude() {
        return magnitude;
    }

    @Override
    public Type type() {
        return Type.INTEGER;
    }

    @Override
    public long asLong() {
        if (negative) {
            if (Long.compareUnsigned(magnitude, Long.MIN_VALUE) > 0) {
                throw new ArithmeticException("integer id " + this + " does not fit a long");
            }
            return -magnitude;
        }
        if (magnitude < 0) {
            throw new ArithmeticException("integer id " + this + " does not fit a long");
        }
        return magnitude;
    }

    @Override
    public long asUnsignedLong() {
        if (negative) {
            throw new ArithmeticException("integer id " + this + " is negative");
        }
        return magnitude;
    }

    @Override
    public BigInteger asBigInteger() {
        BigInteger abs = magnitude >= 0 ? BigInteger.valueOf(magnitude) : BigInteger.valueOf(magnitude).add(TWO_64);
        return negative ? abs.negate() : abs;
    }

    @Override
    int typeCode() {
        return KeyEncoding.TYPE_INTEGER;
    }

    @Override
    int encodedLength() {
        return IntegerSegment.length(magnitude);
    }

    @Override
    int encodeTo(byte[] dst, int off) {
        return IntegerSegment.write(negative, magnitude, dst, off);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IntegerId other && negative == other.negative && magnitude == other.magnitude;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(magnitude) * 31 + (negative ? 1 : 0);
    }
}
