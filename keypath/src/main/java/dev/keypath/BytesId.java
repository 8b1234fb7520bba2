package dev.keypath;

import java.util.Arrays;
import java.util.UUID;

/**
 * A bytes id of any length but 16; its segment is the bytes with 0x00, 0x01 and 0x02 escaped. Sixteen
 * bytes are a {@link UuidId}: the factories here route them there, so one value has one representation.
 */
final class BytesId extends KeyId {
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
        return value.length == UuidId.LENGTH ? UuidId.of(value, 0) : new BytesId(value, BytesSegment.escapedLength(value));
    }

    /** Takes ownership of decoded bytes whose escaped length the decoder already knows. */
    static KeyId owning(byte[] value, int escapedLength) {
        return value.length == UuidId.LENGTH ? UuidId.of(value, 0) : new BytesId(value, escapedLength);
    }

    static KeyId ofUuid(UUID uuid) {
        if (uuid == null) {
            throw KeyPathFormatException.inValue("a UUID id must not be null", null, 0);
        }
        return UuidId.of(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
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
        return BytesSegment.writeEscaped(value, dst, off);
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
