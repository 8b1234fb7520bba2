package dev.keypath;

/**
 * Receives what {@link KeyPathParser} reads from a path's (or a template's) text, element by element: a namespace, then
 * (except perhaps for the last element) its id. Ids the hot path meets most (integers, UUIDs and strings
 * without escapes) arrive as primitives or text ranges, so a sink that writes key bytes allocates nothing
 * for them. Everything a sink receives has been checked; a sink never throws a format error.
 */
interface PathTextSink {

    /** The namespace spelled by {@code text[start, end)}. */
    void namespace(String text, int start, int end);

    /** An integer id: a sign and an unsigned 64-bit magnitude (zero is never negative). */
    void integerId(boolean negative, long magnitude);

    /** A UUID, that is a 16-byte bytes id, as two big-endian longs. */
    void uuidId(long hi, long lo);

    /** A string id spelled by {@code text[start, end)} without escapes; {@code utf8Length} is its encoded length. */
    void plainStringId(String text, int start, int end, int utf8Length);

    /** Any other id: a string that held escapes, or a base64 bytes id. */
    void id(KeyId id);
}
