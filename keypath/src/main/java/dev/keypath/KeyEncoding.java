package dev.keypath;

/**
 * The bytes of the key-path wire format, in one place. {@code docs/FORMAT.md} is the system of record;
 * {@code KeyEncodingConstantsTest} checks that these values match it.
 */
final class KeyEncoding {
    private KeyEncoding() {}

    /** Ends the segment section. Never appears in metadata, so it is the last 0x00 of a key. */
    static final byte TERMINATOR = 0x00;
    /** Stands between two segments (it replaces both "/" and "-" of the text form). */
    static final byte SEPARATOR = 0x01;
    /**
     * Escape byte inside bytes segments: 0x00, 0x01 and 0x02 are written as 0x02 0x01, 0x02 0x02 and
     * 0x02 0x03. The escaped forms keep unsigned order, never contain the terminator and
     * start with 0x02, above the separator; see docs/FORMAT.md, "Why bytes are escaped".
     */
    static final byte ESCAPE = 0x02;
    /** Added to a raw byte (0x00..0x02) to make the second byte of its escape pair. */
    static final int ESCAPE_OFFSET = 1;

    /** Metadata type of a UTF-8 string segment (namespaces are always strings). */
    static final int TYPE_STRING = 0;
    /** Metadata type of an order-preserving integer segment. */
    static final int TYPE_INTEGER = 1;
    /** Metadata type of a raw (escaped) bytes segment; UUIDs are 16-byte bytes segments. */
    static final int TYPE_BYTES = 2;
    /**
     * Metadata type of a shard segment: only in the partition key of a sharded key path, as its third and last
     * segment, after the first element's namespace and id. A key path never holds one, so a sharded partition key
     * never decodes as a path and never equals an unsharded one.
     */
    static final int TYPE_SHARD = 3;
    /** A shard segment is the shard number, unsigned big-endian, in exactly this many bytes. */
    static final int SHARD_BYTES = 2;
    /** Low bits of each metadata varint that hold the type; the rest hold the encoded length. */
    static final int TYPE_BITS = 3;
    static final int TYPE_MASK = (1 << TYPE_BITS) - 1;

    /**
     * A positive integer of n magnitude bytes gets sort byte {@code POSITIVE_SORT_BASE + n} (8..15).
     * Zero and negatives of n bytes get {@code NEGATIVE_SORT_BASE - n} (0..7) and inverted bytes.
     * The high nibble stays zero so integers sort before every string (whose bytes are 0x20 or more).
     */
    static final int POSITIVE_SORT_BASE = 7;
    static final int NEGATIVE_SORT_BASE = 8;
    /** Largest magnitude width: 8 bytes, so integers cover -(2^64-1) .. 2^64-1. */
    static final int MAX_INTEGER_BYTES = 8;

    /** DynamoDB's limit for a binary sort key, used to pad open-ended sort-key bounds. */
    static final int MAX_SORT_KEY_BYTES = 1024;
}
