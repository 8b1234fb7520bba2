package dev.keypath.migrate;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A 64-bit digest (the first 8 bytes of SHA-256) of an item's content that does not depend on the order DynamoDB
 * returns attributes or set members in, nor on how a number is written ({@code 1.50} and {@code 1.5} agree). The
 * {@link SourceMarker} is not content: {@link #of} leaves it out, and {@link #stored} mixes it in when the item
 * has one, so that an item another source item wrote does not pass for this one's.
 */
final class ItemChecksum {
    private static final ThreadLocal<MessageDigest> SHA = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    });

    private ItemChecksum() {
    }

    /** The digest of the item's attributes other than the marker. */
    static long of(Map<String, AttributeValue> item) {
        MessageDigest d = SHA.get();
        d.reset();
        map(d, item, true);
        return first8(d.digest());
    }

    /** The digest of a stored item: {@link #of} with its marker mixed in, when it has one. */
    static long stored(Map<String, AttributeValue> item) {
        AttributeValue marker = item.get(SourceMarker.ATTRIBUTE);
        long content = of(item);
        return marker == null || marker.b() == null ? content : withMarker(content, marker);
    }

    /** {@code content} with a marker mixed in. */
    static long withMarker(long content, AttributeValue marker) {
        MessageDigest d = SHA.get();
        d.reset();
        for (int i = 56; i >= 0; i -= 8) {
            d.update((byte) (content >>> i));
        }
        bytes(d, marker.b());
        return first8(d.digest());
    }

    /** Whether two values are the same content (numbers by value, sets in any order). */
    static boolean sameValue(AttributeValue a, AttributeValue b) {
        if (a == null || b == null) {
            return a == b;
        }
        return of(Map.of("v", a)) == of(Map.of("v", b));
    }

    /** The digest of a key-path item's key: its {@code pk} and {@code sk} bytes. */
    static long ofKey(Map<String, AttributeValue> item) {
        MessageDigest d = SHA.get();
        d.reset();
        bytes(d, item.get(StoredItemLayout.PARTITION_KEY).b());
        bytes(d, item.get(StoredItemLayout.SORT_KEY).b());
        return first8(d.digest());
    }

    private static long first8(byte[] h) {
        long x = 0;
        for (int i = 0; i < 8; i++) {
            x = (x << 8) | (h[i] & 0xFF);
        }
        return x;
    }

    private static void map(MessageDigest d, Map<String, AttributeValue> m) {
        map(d, m, false);
    }

    private static void map(MessageDigest d, Map<String, AttributeValue> m, boolean top) {
        d.update((byte) '{');
        for (Map.Entry<String, AttributeValue> e : new TreeMap<>(m).entrySet()) {
            if (top && e.getKey().equals(SourceMarker.ATTRIBUTE)) {
                continue;
            }
            text(d, e.getKey());
            value(d, e.getValue());
        }
        d.update((byte) '}');
    }

    private static void value(MessageDigest d, AttributeValue v) {
        d.update((byte) v.type().ordinal());
        switch (v.type()) {
            case S -> text(d, v.s());
            case N -> text(d, number(v.n()));
            case B -> bytes(d, v.b());
            case BOOL -> d.update((byte) (v.bool() ? 1 : 0));
            case NUL -> d.update((byte) 0);
            case SS -> sorted(d, v.ss());
            case NS -> sorted(d, v.ns().stream().map(ItemChecksum::number).toList());
            case BS -> {
                List<byte[]> all = new ArrayList<>();
                v.bs().forEach(b -> all.add(b.asByteArrayUnsafe()));
                all.sort(Arrays::compareUnsigned);
                all.forEach(b -> bytes(d, SdkBytes.fromByteArrayUnsafe(b)));
            }
            case L -> {
                d.update((byte) '[');
                v.l().forEach(e -> value(d, e));
                d.update((byte) ']');
            }
            case M -> map(d, v.m());
            default -> text(d, String.valueOf(v));
        }
    }

    private static void sorted(MessageDigest d, List<String> members) {
        List<String> all = new ArrayList<>(members);
        all.sort(null);
        all.forEach(s -> text(d, s));
    }

    private static String number(String n) {
        try {
            return new BigDecimal(n).stripTrailingZeros().toPlainString();
        } catch (NumberFormatException e) {
            return n;
        }
    }

    private static void text(MessageDigest d, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        length(d, b.length);
        d.update(b);
    }

    private static void bytes(MessageDigest d, SdkBytes b) {
        byte[] raw = b.asByteArrayUnsafe();
        length(d, raw.length);
        d.update(raw);
    }

    private static void length(MessageDigest d, int n) {
        d.update((byte) (n >>> 24));
        d.update((byte) (n >>> 16));
        d.update((byte) (n >>> 8));
        d.update((byte) n);
    }
}
