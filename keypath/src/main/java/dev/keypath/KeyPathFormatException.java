package dev.keypath;

/**
 * Thrown when a key path's text, its bytes or a template is malformed, or a value cannot be an id.
 * It is the only exception the core throws for bad input: {@link #position()} is the character index
 * (for text) or byte offset (for encodings) where the problem was found, and {@link #reason()} says what
 * is wrong without the position.
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

    private static String abbreviate(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}
