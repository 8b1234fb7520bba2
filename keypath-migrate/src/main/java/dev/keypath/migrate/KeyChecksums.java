package dev.keypath.migrate;

/**
 * Checksums by key digest, both 64-bit, in open-addressing arrays split into stripes with a lock each: about 32
 * bytes per item, so the target of a verification fits in memory where a map of objects would not. Thread-safe.
 */
final class KeyChecksums {
    private static final int STRIPES = 64;
    private static final long EMPTY = 0;

    private final Stripe[] stripes = new Stripe[STRIPES];

    KeyChecksums() {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** Records {@code checksum} for {@code key}; false if the key was there already. */
    boolean put(long key, long checksum) {
        return stripe(key).put(key(key), checksum);
    }

    /** Removes {@code key} and returns its checksum; {@code absent} if it was not there. */
    long remove(long key, long absent) {
        return stripe(key).remove(key(key), absent);
    }

    /** Keys still held. */
    long size() {
        long n = 0;
        for (Stripe s : stripes) {
            n += s.size();
        }
        return n;
    }

    private Stripe stripe(long key) {
        return stripes[(int) (key >>> 58)];
    }

    /** 0 marks an empty slot and Long.MIN_VALUE + 1 a removed one, so those two digests are stored as 1 and 2. */
    private static long key(long key) {
        return key == EMPTY ? 1 : key == Stripe.GONE ? 2 : key;
    }

    private static final class Stripe {
        private long[] keys = new long[64];
        private long[] values = new long[64];
        private int size;
        private int tombstones;

        private static final long GONE = Long.MIN_VALUE + 1;

        synchronized boolean put(long key, long value) {
            if ((size + tombstones + 1) * 2 > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            for (int i = slot(key, mask); ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    return false;
                }
                if (keys[i] == EMPTY) {
                    keys[i] = key;
                    values[i] = value;
                    size++;
                    return true;
                }
            }
        }

        synchronized long remove(long key, long absent) {
            int mask = keys.length - 1;
            for (int i = slot(key, mask); ; i = (i + 1) & mask) {
                if (keys[i] == EMPTY) {
                    return absent;
                }
                if (keys[i] == key) {
                    keys[i] = GONE;
                    size--;
                    tombstones++;
                    return values[i];
                }
            }
        }

        synchronized long size() {
            return size;
        }

        private void grow() {
            long[] oldKeys = keys;
            long[] oldValues = values;
            int capacity = size * 4 > oldKeys.length ? oldKeys.length * 2 : oldKeys.length;
            keys = new long[capacity];
            values = new long[capacity];
            size = 0;
            tombstones = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != EMPTY && oldKeys[i] != GONE) {
                    put(oldKeys[i], oldValues[i]);
                }
            }
        }

        private static int slot(long key, int mask) {
            long h = key * 0x9E3779B97F4A7C15L;
            return (int) (h >>> 32) & mask;
        }

    }
}
