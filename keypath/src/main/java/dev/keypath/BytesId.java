package dev.keypath;

import java.util.Arrays;
import java.util.UUID;

/** A bytes id; its segment is the bytes with 0x00, 0x01 and 0x02 escaped. A UUID is 16 bytes. */
final class BytesId extends KeyId {
    static final int UUID_LENGTH = 16;

    private final byte[] value;
    private final int escapedLength;

    private BytesId(byte[] value) {
        this(value, BytesSegment.escapedLength(value));
    }

    private BytesId(byte[] value, int escapedLength) {
        this.value = value;
        this.escapedLength = escapedLength;
    }

    static BytesId copyOf(byte[] value) {
        if (value == null) {
            throw new IllegalArgumentException("a bytes id must not be null");
        }
        if (value.length == 0) {
            throw new IllegalArgumentException("a bytes id must not be empty");
        }
        return new BytesId(value.clone());
    }

    /** Takes ownership of an array nobody else holds. */
    static BytesId owning(byte[] value) {
        return new BytesId(value);
    }

    /** Takes ownership of decoded bytes whose escaped length the decoder already knows. */
    static BytesId owning(byte[] value, int escapedLength) {
        return new BytesId(value, escapedLength);
    }

    static BytesId ofUuid(UUID uuid) {
        if (uuid == null) {
            throw new IllegalArgumentException("a UUID id must not be null");
        }
        byte[] b = new byte[UUID_LENGTH];
        long hi = uuid.getMostSignificantBits();
        long lo = uuid.getLeastSignificantBits();
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (hi >>> (56 - 8 * i));
            b[8 + i] = (byte) (lo >>> (56 - 8 * i));
        }
        return new BytesId(b);
    }

    /** The bytes themselves, not copied: callers inside the package must not change them. */
    byte[] raw() {
        return value;
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
    public boolean isUuid() {
        return value.length == UUID_LENGTH;
    }

    @Override
    public UUID asUuid() {
        if (!isUuid()) {
            return super.asUuid();
        }
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < 8; i++) {
            hi = (hi << 8) | (value[i] & 0xFF);
            lo = (lo << 8) | (value[8 + i] & 0xFF);
        }
        return new UUID(hi, lo);
    }

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
        return escapedLength == value.length
                ? copy(dst, off)
                : BytesSegment.writeEscaped(value, dst, off);
    }

    private int copy(byte[] dst, int off) {
        System.arraycopy(value, 0, dst, off, value.length);
        return off + value.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BytesId other && Arrays.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(value);
    }
}
