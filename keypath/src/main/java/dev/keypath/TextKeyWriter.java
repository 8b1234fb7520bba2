package dev.keypath;

/**
 * A {@link PathTextSink} that writes the key of the parsed path directly, without building the path. The
 * segment section and the metadata grow side by side in one scratch buffer sized from the text (no
 * element of the text encodes to more than three bytes per character), and are joined into an exactly
 * sized key at the end. Single use.
 */
final class TextKeyWriter implements PathTextSink {
    /** Bytes a segment may take per character of text: UTF-8 needs at most three. */
    private static final int SECTION_BYTES_PER_CHAR = 3;
    private static final int MAX_TEXT_LENGTH = (Integer.MAX_VALUE - 64) / (SECTION_BYTES_PER_CHAR + 3);

    private final byte[] buffer;
    private final int metadataStart;
    private int section;
    private int metadata;

    TextKeyWriter(CharSequence text) {
        int n = text == null ? 0 : text.length();
        if (n > MAX_TEXT_LENGTH) {
            throw KeyPathFormatException.inValue("key path text of " + n + " characters is too long to encode", "", 0);
        }
        // every segment takes at least one character, and there are at most n / 2 + 1 of them
        int maxSegments = n / 2 + 1;
        long longestMetadata = ((long) SECTION_BYTES_PER_CHAR * n << KeyEncoding.TYPE_BITS) | KeyEncoding.TYPE_MASK;
        int maxVarint = Varint.size((int) Math.min(Varint.MAX_VALUE, longestMetadata));
        metadataStart = SECTION_BYTES_PER_CHAR * n + 1;
        buffer = new byte[metadataStart + maxSegments * maxVarint];
        metadata = metadataStart;
    }

    @Override
    public void namespace(String text, int start, int end) {
        if (section > 0) {
            buffer[section++] = KeyEncoding.SEPARATOR;
        }
        section = StringId.writeAscii(text, start, end, buffer, section);
        metadata(end - start, KeyEncoding.TYPE_STRING);
    }

    @Override
    public void integerId(boolean negative, long magnitude) {
        int start = separate();
        section = IntegerId.write(negative, magnitude, buffer, start);
        metadata(section - start, KeyEncoding.TYPE_INTEGER);
    }

    @Override
    public void uuidId(long hi, long lo) {
        int start = separate();
        section = UuidId.write(hi, lo, buffer, start);
        metadata(section - start, KeyEncoding.TYPE_BYTES);
    }

    @Override
    public void plainStringId(String text, int start, int end, int utf8Length) {
        int at = separate();
        section = utf8Length == end - start
                ? StringId.writeAscii(text, start, end, buffer, at)
                : StringId.writeUtf8(text, start, end, buffer, at);
        metadata(utf8Length, KeyEncoding.TYPE_STRING);
    }

    @Override
    public void id(KeyId id) {
        int start = separate();
        section = id.encodeTo(buffer, start);
        metadata(section - start, id.typeCode());
    }

    private int separate() {
        buffer[section] = KeyEncoding.SEPARATOR;
        return ++section;
    }

    private void metadata(int length, int type) {
        metadata = KeyPathEncoder.writeMeta((length << KeyEncoding.TYPE_BITS) | type, buffer, metadata);
    }

    /** The whole key: the segments written so far, the terminator and the metadata. */
    byte[] toKey() {
        int metadataLength = metadata - metadataStart;
        byte[] key = new byte[section + 1 + metadataLength];
        System.arraycopy(buffer, 0, key, 0, section);
        key[section] = KeyEncoding.TERMINATOR;
        System.arraycopy(buffer, metadataStart, key, section + 1, metadataLength);
        return key;
    }
}
