package dev.keypath.cli;

import java.util.Base64;
import java.util.HexFormat;

/**
 * Reads and writes key bytes as text: lower-case hex, standard base64, or URL-safe base64. Reading never guesses:
 * text is hex unless it starts with {@value #BASE64_PREFIX}, so a base64 key can never be read as other bytes
 * that happen to be valid hex, and an error names the one reading that failed.
 */
final class KeyBytes {
    private KeyBytes() {}

    /** Marks base64 input, e.g. {@code b64:dXNlcgEI}. */
    static final String BASE64_PREFIX = "b64:";

    private static final HexFormat HEX = HexFormat.of();

    static String hex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    /** Standard base64 with padding, as the AWS CLI and DynamoDB JSON show binary attributes. */
    static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * Reads bytes: hex (either case), or standard or URL-safe base64 (padding optional) after
     * {@value #BASE64_PREFIX}.
     *
     * @throws IllegalArgumentException saying which reading failed and at which position
     */
    static byte[] parse(String text) {
        if (text.isEmpty()) {
            throw new IllegalArgumentException("empty input at position 0: expected hex, or base64 after "
                    + BASE64_PREFIX);
        }
        return text.startsWith(BASE64_PREFIX) ? base64(text, BASE64_PREFIX.length()) : hex(text);
    }

    private static byte[] hex(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
                throw notHex("character '" + c + "' at position " + i);
            }
        }
        if ((text.length() & 1) != 0) {
            throw notHex("odd number of digits (" + text.length() + ") at position " + (text.length() - 1));
        }
        return HEX.parseHex(text);
    }

    private static IllegalArgumentException notHex(String what) {
        return new IllegalArgumentException("not hex: " + what + " (base64 keys need the prefix " + BASE64_PREFIX
                + ")");
    }

    private static byte[] base64(String text, int start) {
        String body = text.substring(start);
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '+' || c == '/' || c == '-' || c == '_' || c == '=')) {
                throw new IllegalArgumentException("not base64: character '" + c + "' at position " + (start + i));
            }
        }
        try {
            return Base64.getDecoder().decode(body);
        } catch (IllegalArgumentException notStandard) {
            try {
                return Base64.getUrlDecoder().decode(body);
            } catch (IllegalArgumentException notUrlSafe) {
                throw new IllegalArgumentException("not base64: bad length, padding or mixed alphabets at position "
                        + (text.length() - 1));
            }
        }
    }
}
