package dev.keypath.cli;

import java.util.Base64;
import java.util.HexFormat;

/** Reads and writes key bytes as text: lower-case hex, standard base64, or URL-safe base64. */
final class KeyBytes {
    private KeyBytes() {}

    private static final HexFormat HEX = HexFormat.of();

    static String hex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    /** Standard base64 with padding, as the AWS CLI and DynamoDB JSON show binary attributes. */
    static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * Reads bytes from hex (even length, hex digits only) or else from standard or URL-safe base64.
     *
     * @throws IllegalArgumentException naming the offending position when the text is neither
     */
    static byte[] parse(String text) {
        if (text.isEmpty()) {
            throw new IllegalArgumentException("empty input: expected hex or base64 bytes");
        }
        if (isHex(text)) {
            return HEX.parseHex(text);
        }
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException notStandard) {
            try {
                return Base64.getUrlDecoder().decode(text);
            } catch (IllegalArgumentException notUrlSafe) {
                throw notBytes(text);
            }
        }
    }

    private static boolean isHex(String text) {
        if ((text.length() & 1) != 0) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
                return false;
            }
        }
        return true;
    }

    private static IllegalArgumentException notBytes(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!isBase64Char(text.charAt(i))) {
                return new IllegalArgumentException("character '" + text.charAt(i) + "' is neither hex nor base64"
                        + " at position " + i);
            }
        }
        return new IllegalArgumentException("not hex (" + text.length() + " characters) and not base64"
                + " (bad length, padding or mixed alphabets) at position " + (text.length() - 1));
    }

    private static boolean isBase64Char(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                || c == '+' || c == '/' || c == '-' || c == '_' || c == '=';
    }
}
