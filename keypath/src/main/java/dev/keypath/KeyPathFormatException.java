package dev.keypath;

/**
 * Thrown when a key path's text, its bytes or a template is malformed, or a value cannot be an id or a path.
 * It is the only exception the core throws for bad input: {@link #position()} is the character index (UTF-16
 * units, for text and string values), the byte offset (for encodings) or the element index (for a list of
 * elements) where the problem was found, 0 when a whole value is at fault, and {@link #reason()} says what is
 * wrong without the position.
 */
public class KeyPathFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int position;
    private final String reason;
    private final String input;

    KeyPathFormatException(String reason, int position, String input) {
        super(reason + " at " + (input == null ? "offset " : "position ") + position
                + (input == null ? "" : " in \"" + abbreviate(input) + "\""));
        this.reason = reason;
        this.position = position;
        this.input = input;
    }

    static KeyPathFormatException inText(String reason, CharSequence text, int position) {
        return new KeyPathFormatException(reason, position, text.toString());
    }

    /**
     * A value that cannot be an id or a path: {@code position} is the index of the offending character in
     * {@code shown} (the value as text), or of the offending element, or 0 when the whole value is at fault.
     */
    static KeyPathFormatException inValue(String reason, Object shown, int position) {
        return new KeyPathFormatException(reason, position, String.valueOf(shown));
    }

    static KeyPathFormatException inBytes(String reason, int offset) {
        return new KeyPathFormatException(reason, offset, null);
    }

    /** Character index into the text, or byte offset into the key, where the problem was found. */
    public int position() {
        return position;
    }

    /** What is wrong, without the position. */
    public String reason() {
        return reason;
    }

    /** Whether the problem was found in text (a path or template) rather than in encoded bytes. */
    public boolean inText() {
        return input != null;
    }

    /** A character as error messages show it: quoted, or as {@code U+XXXX} when it is a control character. */
    static String describe(char c) {
        return c < 0x20 || c == 0x7F ? String.format("U+%04X", (int) c) : "'" + c + "'";
    }

    private static String abbreviate(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}
