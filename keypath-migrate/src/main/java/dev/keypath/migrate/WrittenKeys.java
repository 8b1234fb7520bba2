package dev.keypath.migrate;

import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The key paths a run has written or is writing, each with the {@link SourceMarker} of the source item it came
 * from: a 96-bit digest of the key and 32 bits of the marker, in open-addressing arrays split into stripes with a
 * lock each, about 32 bytes an item. A run claims each key path before it writes it; the second claim of one key
 * path by another source item, in whatever page or segment, is a collision, and the claim of the same source item
 * (a page written again after a resume) is not. A resumed run first claims what the target holds from the earlier
 * runs (their items carry the marker). Thread-safe.
 */
final class WrittenKeys {
    /** What a claim found. */
    enum Claim {
        /** The key path was not claimed: the caller writes it. */
        NEW,
        /** The same source item claimed it before: the caller writes it again. */
        SAME,
        /** Another source item claimed it: a collision, not written. */
        OTHER
    }

    private static final int STRIPES = 64;
    private static final ThreadLocal<MessageDigest> SHA = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    });

    private final Stripe[] stripes = new Stripe[STRIPES];

    WrittenKeys() {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** Claims the key of {@code item} (a moved item with {@code pk}, {@code sk} and its marker) for its marker. */
    Claim claim(Map<String, AttributeValue> item) {
        MessageDigest d = SHA.get();
        d.reset();
        byte[] pk = item.get(StoredItemLayout.PARTITION_KEY).b().asByteArrayUnsafe();
        byte[] sk = item.get(StoredItemLayout.SORT_KEY).b().asByteArrayUnsafe();
        d.update((byte) pk.length);
        d.update((byte) (pk.length >>> 8));
        d.update(pk);
        d.update(sk);
        byte[] h = d.digest();
        long high = bits(h, 0, 8);
        long low = bits(h, 8, 4) << 32;
        AttributeValue marker = item.get(SourceMarker.ATTRIBUTE);
        int source = marker == null || marker.b() == null ? 0 : (int) bits(marker.b().asByteArrayUnsafe(), 0, 4);
        return stripes[(int) (high >>> 58)].claim(high == 0 ? 1 : high, low, source);
    }

    /** Key paths claimed. */
    long size() {
        long n = 0;
        for (Stripe s : stripes) {
            n += s.size();
        }
        return n;
    }

    private static long bits(byte[] bytes, int from, int count) {
        long x = 0;
        for (int i = from; i < from + count && i < bytes.length; i++) {
            x = (x << 8) | (bytes[i] & 0xFF);
        }
        return x;
    }

    /** Slots of (high 64 bits of the key, low 32 bits of the key then 32 bits of the marker); high 0 is empty. */
    private static final class Stripe {
        private long[] highs = new long[64];
        private long[] lows = new long[64];
        private int size;

        synchronized Claim claim(long high, long low, int source) {
            if ((size + 1) * 2 > highs.length) {
                grow();
            }
            int mask = highs.length - 1;
            for (int i = slot(high, low, mask); ; i = (i + 1) & mask) {
                if (highs[i] == 0) {
                    highs[i] = high;
                    lows[i] = low | (source & 0xFFFFFFFFL);
                    size++;
                    return Claim.NEW;
                }
                if (highs[i] == high && (lows[i] >>> 32) == (low >>> 32)) {
                    return (int) lows[i] == source ? Claim.SAME : Claim.OTHER;
                }
            }
        }

        synchronized long size() {
            return size;
        }

        private void grow() {
            long[] oldHighs = highs;
            long[] oldLows = lows;
            highs = new long[oldHighs.length * 2];
            lows = new long[oldHighs.length * 2];
            int mask = highs.length - 1;
            for (int j = 0; j < oldHighs.length; j++) {
                if (oldHighs[j] != 0) {
                    int i = slot(oldHighs[j], oldLows[j], mask);
                    while (highs[i] != 0) {
                        i = (i + 1) & mask;
                    }
                    highs[i] = oldHighs[j];
                    lows[i] = oldLows[j];
                }
            }
        }

        private static int slot(long high, long low, int mask) {
            long h = (high ^ (low >>> 32)) * 0x9E3779B97F4A7C15L;
            return (int) (h >>> 32) & mask;
        }
    }
}
