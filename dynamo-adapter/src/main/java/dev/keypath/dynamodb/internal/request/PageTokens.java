package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Opaque, tamper-evident page tokens: {@code base64url(payload || HMAC-SHA256(secret, fingerprint || payload))}
 * where payload is the serialized LastEvaluatedKey (all binary attributes) and fingerprint describes the query
 * (table, index, key range, order, type filter). A token only decodes for the same query under the same secret.
 * Thread-safe.
 */
public final class PageTokens {
    private static final byte FORMAT = 1;
    private static final int MAC_LENGTH = 32;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    /** The signing key; for a random secret, made on first use (a table that never pages skips the RNG). */
    private volatile SecretKeySpec key;

    public PageTokens(byte[] secret) {
        if (secret == null || secret.length < 16) {
            throw new IllegalArgumentException("page token secret must be at least 16 bytes");
        }
        this.key = new SecretKeySpec(secret.clone(), "HmacSHA256");
    }

    private PageTokens() {
    }

    /** Tokens signed with a random secret, valid in this process only. */
    public static PageTokens withRandomSecret() {
        return new PageTokens();
    }

    private SecretKeySpec key() {
        SecretKeySpec k = key;
        if (k == null) {
            synchronized (this) {
                k = key;
                if (k == null) {
                    byte[] secret = new byte[32];
                    new SecureRandom().nextBytes(secret);
                    k = new SecretKeySpec(secret, "HmacSHA256");
                    key = k;
                }
            }
        }
        return k;
    }

    public String encode(Map<String, AttributeValue> lastEvaluatedKey, byte[] fingerprint) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(FORMAT);
        out.write(lastEvaluatedKey.size());
        lastEvaluatedKey.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            byte[] name = e.getKey().getBytes(StandardCharsets.UTF_8);
            byte[] value = e.getValue().b().asByteArrayUnsafe();
            out.write(name.length);
            out.writeBytes(name);
            out.write(value.length >>> 8);
            out.write(value.length);
            out.writeBytes(value);
        });
        byte[] payload = out.toByteArray();
        byte[] mac = mac(fingerprint, payload);
        byte[] token = new byte[payload.length + MAC_LENGTH];
        System.arraycopy(payload, 0, token, 0, payload.length);
        System.arraycopy(mac, 0, token, payload.length, MAC_LENGTH);
        return ENCODER.encodeToString(token);
    }

    /**
     * A token of any {@code payload} (its first byte a format of its own, not {@value #FORMAT}), signed as
     * {@link #encode} signs: the sharded queries' positions ({@link ShardPositions}).
     */
    public String sign(byte[] payload, byte[] fingerprint) {
        byte[] mac = mac(fingerprint, payload);
        byte[] token = new byte[payload.length + MAC_LENGTH];
        System.arraycopy(payload, 0, token, 0, payload.length);
        System.arraycopy(mac, 0, token, payload.length, MAC_LENGTH);
        return ENCODER.encodeToString(token);
    }

    /** The payload of a token {@link #sign} made for {@code fingerprint}; an {@link InvalidPageTokenException} else. */
    public byte[] verify(String token, byte[] fingerprint) {
        byte[] raw;
        try {
            raw = DECODER.decode(token);
        } catch (IllegalArgumentException e) {
            throw new InvalidPageTokenException("not base64url");
        }
        if (raw.length < 1 + MAC_LENGTH) {
            throw new InvalidPageTokenException("too short (truncated?)");
        }
        int payloadLength = raw.length - MAC_LENGTH;
        byte[] payload = Arrays.copyOf(raw, payloadLength);
        byte[] actual = Arrays.copyOfRange(raw, payloadLength, raw.length);
        if (!MessageDigest.isEqual(mac(fingerprint, payload), actual)) {
            throw new InvalidPageTokenException("signature mismatch: token was altered, truncated, or made by "
                    + "another query or table");
        }
        return payload;
    }

    /**
     * Whether {@code token} was signed for {@code fingerprint}, whatever its payload: for telling why a token was
     * refused (made for the layout before a re-shard).
     */
    public boolean signedFor(String token, byte[] fingerprint) {
        try {
            verify(token, fingerprint);
            return true;
        } catch (InvalidPageTokenException e) {
            return false;
        }
    }

    /**
     * The payload of {@code token} without checking its signature, or null when it is not a token at all: only to
     * tell why a token was refused, never to read a position.
     */
    public static byte[] unverifiedPayload(String token) {
        try {
            byte[] raw = DECODER.decode(token);
            return raw.length <= MAC_LENGTH ? null : Arrays.copyOf(raw, raw.length - MAC_LENGTH);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    public Map<String, AttributeValue> decode(String token, byte[] fingerprint) {
        byte[] raw;
        try {
            raw = DECODER.decode(token);
        } catch (IllegalArgumentException e) {
            throw new InvalidPageTokenException("not base64url");
        }
        if (raw.length < 2 + MAC_LENGTH) {
            throw new InvalidPageTokenException("too short (truncated?)");
        }
        int payloadLength = raw.length - MAC_LENGTH;
        ByteBuffer payload = ByteBuffer.wrap(raw, 0, payloadLength);
        byte[] expected = mac(fingerprint, Arrays.copyOf(raw, payloadLength));
        byte[] actual = Arrays.copyOfRange(raw, payloadLength, raw.length);
        if (!MessageDigest.isEqual(expected, actual)) {
            throw new InvalidPageTokenException("signature mismatch: token was altered, truncated, or made by "
                    + "another query or table");
        }
        try {
            if (payload.get() != FORMAT) {
                throw new InvalidPageTokenException("unknown format");
            }
            int count = payload.get() & 0xFF;
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                byte[] name = new byte[payload.get() & 0xFF];
                payload.get(name);
                byte[] value = new byte[payload.getShort() & 0xFFFF];
                payload.get(value);
                key.put(new String(name, StandardCharsets.UTF_8), AttributeValues.binary(value));
            }
            if (payload.hasRemaining()) {
                throw new InvalidPageTokenException("trailing bytes");
            }
            return key;
        } catch (java.nio.BufferUnderflowException e) {
            throw new InvalidPageTokenException("malformed payload");
        }
    }

    private byte[] mac(byte[] fingerprint, byte[] payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key());
            mac.update(fingerprint);
            mac.update(payload);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
