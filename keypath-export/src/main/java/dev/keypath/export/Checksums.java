package dev.keypath.export;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;

/** The checksums of the export format: MD5 as base64 ({@code md5Checksum}), as hex (S3's ETag, {@code .checksum}). */
final class Checksums {
    private Checksums() {
    }

    static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
    }

    static byte[] md5(byte[] bytes) {
        return md5().digest(bytes);
    }

    static String base64(byte[] digest) {
        return Base64.getEncoder().encodeToString(digest);
    }

    static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }

    /**
     * Whether an S3 ETag agrees with a file's MD5: a plain ETag is the MD5 in hex; a multipart ETag {@code X-1} is
     * the MD5 of the one part's MD5. An ETag of more parts depends on the part size, which the export does not
     * record, so it is not judged (true).
     */
    static boolean etagAgrees(String etag, byte[] md5) {
        String e = etag.replace("\"", "").trim();
        int dash = e.indexOf('-');
        if (dash < 0) {
            return e.equalsIgnoreCase(hex(md5));
        }
        if (e.substring(dash + 1).equals("1")) {
            return e.substring(0, dash).equalsIgnoreCase(hex(md5(md5)));
        }
        return true;
    }

    /** Whether the text of a {@code .checksum} file is {@code md5}, written as hex or base64. */
    static boolean checksumFileAgrees(String text, byte[] md5) {
        String t = text.trim();
        return t.equalsIgnoreCase(hex(md5)) || t.equals(base64(md5));
    }
}
