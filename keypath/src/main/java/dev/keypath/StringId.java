package dev.keypath;

/** A string id; its segment is the UTF-8 bytes of the value. */
final class StringId extends KeyId {
    private final String value;
    private final int utf8Length;
    private final boolean ascii;

    private StringId(String value, int utf8Length) {
        this.value = value;
        this.utf8Length = utf8Length;
        this.ascii = utf8Length == value.length();
    }

    static StringId create(String value) {
        if (value == null) {
            throw KeyPathFormatException.inValue("a string id must not be null", null, 0);
        }
        int length = StringSegment.checkedUtf8Length(value);
        if (length < 0) {
            throw KeyPathFormatException.inValue(StringSegment.problem(value, -length - 1), value, -length - 1);
        }
        return new StringId(value, length);
    }

    /** For values the decoder has already checked. */
    static StringId trusted(String value, int utf8Length) {
        return new StringId(value, utf8Length);
    }

    @Override
    public Type type() {
        return Type.STRING;
    }

    @Override
    public String asString() {
        return value;
    }

    @Override
    int typeCode() {
        return KeyEncoding.TYPE_STRING;
    }

    @Override
    int encodedLength() {
        return utf8Length;
    }

    @Override
    int encodeTo(byte[] dst, int off) {
        return ascii ? StringSegment.writeAscii(value, dst, off) : StringSegment.writeUtf8(value, dst, off);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StringId other && value.equals(other.value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }
}
