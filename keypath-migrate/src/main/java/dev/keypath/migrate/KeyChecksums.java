package dev.keypath.migrate;

/**
 * Checksums by key digest, both 64-bit, in open-addressing arrays split into stripes with a lock each: about 32
 * bytes per item, so the target of a verification fits in memory where a map of objects would not. The lowest bit
 * of a checksum marks whether its key was {@linkplain #visit visited}, so checksums compare on their other 63
 * bits. Thread-safe.
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

    /**
     * Marks {@code key} visited and returns its checksum as it was: with the lowest bit set if it was visited
     * before; {@code absent} if the key is not there.
     */
    long visit(long key, long absent) {
        return stripe(key).visit(key(key), absent);
    }

    /** Whether two checksums agree, the visited bit aside. */
    static boolean same(long a, long b) {
        return (a | 1) == (b | 1);
    }

    /** Whether a checksum {@link #visit} returned was visited before. */
    static boolean visited(long checksum) {
        return (checksum & 1) != 0;
    }

    /** Keys never visited. */
    long unvisited() {
        long n = 0;
        for (Stripe s : stripes) {
            n += s.unvisited();
        }
        return n;
    }

    private Stripe stripe(long key) {
        return stripes[(int) (key >>> 58)];
    }

    /** 0 marks an empty slot, so that digest is stored as 1. */
    private static long key(long key) {
        return key == EMPTY ? 1 : key;
    }

    private static final class Stripe {
        private long[] keys = new long[64];
        private long[] values = new long[64];
        private int size;
        private int visited;

        synchronized boolean put(long key, long value) {
            if ((size + 1) * 2 > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            for (int i = slot(key, mask); ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    return false;
                }
                if (keys[i] == EMPTY) {
                    keys[i] = key;
                    values[i] = value & ~1L;
                    size++;
                    return true;
                }
            }
        }

        synchronized long visit(long key, long absent) {
            int mask = keys.length - 1;
            for (int i = slot(key, mask); ; i = (i + 1) & mask) {
                if (keys[i] == EMPTY) {
                    return absent;
                }
                if (keys[i] == key) {
                    long was = values[i];
                    if (!visited(was)) {
                        values[i] = was | 1;
                        visited++;
                    }
                    return was;
                }
            }
        }

        synchronized long unvisited() {
            return size - visited;
        }

        private void grow() {
            long[] oldKeys = keys;
            long[] oldValues = values;
            keys = new long[oldKeys.length * 2];
            values = new long[oldKeys.length * 2];
            int mask = keys.length - 1;
            for (int j = 0; j < oldKeys.length; j++) {
                if (oldKeys[j] != EMPTY) {
                    int i = slot(oldKeys[j], mask);
                    while (keys[i] != EMPTY) {
                        i = (i + 1) & mask;
                    }
                    keys[i] = oldKeys[j];
                    values[i] = oldValues[j];
                }
            }
        }

        private static int slot(long key, int mask) {
            long h = key * 0x9E3779B97F4A7C15L;
            return (int) (h >>> 32) & mask;
        }
    }
}
