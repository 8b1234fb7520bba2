package dev.keypath.migrate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The attribute a run writes into every item it moves, {@value #ATTRIBUTE}: the first 16 bytes of the SHA-256 of
 * the source table's name and the item's source key, so that a later put of the same key path from another source
 * item (a collision, in any page, segment or run) is refused by its condition, while a put from the same source
 * item (a page written again after a resume) goes through. Stateless.
 */
final class SourceMarker {
    /** The marker attribute (B). */
    static final String ATTRIBUTE = "_kp_src";
    private static final int BYTES = 16;
    private static final ThreadLocal<MessageDigest> SHA = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    });

    private SourceMarker() {
    }

    /** The marker of the item of {@code sourceTable} whose keys are {@code pk} and {@code sk} (null: no sort key). */
    static AttributeValue of(String sourceTable, String pk, String sk) {
        MessageDigest d = SHA.get();
        d.reset();
        d.update(sourceTable.getBytes(StandardCharsets.UTF_8));
        d.update((byte) 0);
        d.update(pk.getBytes(StandardCharsets.UTF_8));
        if (sk != null) {
            d.update((byte) 0);
            d.update(sk.getBytes(StandardCharsets.UTF_8));
        }
        byte[] digest = d.digest();
        return AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(java.util.Arrays.copyOf(digest, BYTES)));
    }
}
