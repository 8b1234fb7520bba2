package dev.keypath.migrate;

import java.util.function.LongPredicate;

/**
 * Checksums by key digest, both 64-bit, in open-addressing arrays split into stripes with a lock each: about 32
 * bytes per item, so the target of a verification fits in memory where a map of objects would not. The lowest bit
 * of a checksum marks whether its key was {@linkplain #visit visited}, the next whether a visit found it as
 * expected (matched), so checksums compare on their other 62 bits. Thread-safe.
 */
final class KeyChecksums {
    private static final int STRIPES = 64;
    private static final long EMPTY = 0;
    private static final long VISITED = 1;
    private static final long MATCHED = 2;
    private static final long FLAGS = VISITED | MATCHED;

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
     * Marks {@code key} visited, and matched too if {@code matches} accepts its checksum, in one step; returns its
     * checksum as it was before: {@linkplain #visited visited} and {@linkplain #wasMatched matched} by earlier visits
     * or not; {@code absent} if the key is not there.
     */
    long visit(long key, long absent, LongPredicate matches) {
        return stripe(key).visit(key(key), absent, matches);
    }

    /** Whether {@code key} is there and a visit matched it. */
    boolean matched(long key) {
        return stripe(key).matched(key(key));
    }

    /** Whether two checksums agree, the flags aside. */
    static boolean same(long a, long b) {
        return (a | FLAGS) == (b | FLAGS);
    }

    /** Whether a checksum {@link #visit} returned was visited before. */
    static boolean visited(long checksum) {
        return (checksum & VISITED) != 0;
    }

    /** Whether a checksum {@link #visit} returned was matched by an earlier visit. */
    static boolean wasMatched(long checksum) {
        return (checksum & MATCHED) != 0;
    }

    /** Keys never visited. */
    long unvisited() {
        long n = 0;
        for (Stripe s : stripes) {
            n += s.unvisited();
        }
        return n;
    }

    /** Keys visited, by one visit or more, that no visit matched. */
    long unmatched() {
        long n = 0;
        for (Stripe s : stripes) {
            n += s.unmatched();
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
        private int matched;

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
                    values[i] = value & ~FLAGS;
                    size++;
                    return true;
                }
            }
        }

        synchronized long visit(long key, long absent, LongPredicate matches) {
            int i = find(key);
            if (i < 0) {
                return absent;
            }
            long was = values[i];
            if ((was & VISITED) == 0) {
                values[i] |= VISITED;
                visited++;
            }
            if ((was & MATCHED) == 0 && matches.test(was)) {
                values[i] |= MATCHED;
                matched++;
            }
            return was;
        }

        synchronized boolean matched(long key) {
            int i = find(key);
            return i >= 0 && (values[i] & MATCHED) != 0;
        }

        synchronized long unvisited() {
            return size - visited;
        }

        synchronized long unmatched() {
            return visited - matched;
        }

        /** The slot of {@code key}, or -1. */
        private int find(long key) {
            int mask = keys.length - 1;
            for (int i = slot(key, mask); ; i = (i + 1) & mask) {
                if (keys[i] == EMPTY) {
                    return -1;
                }
                if (keys[i] == key) {
                    return i;
                }
            }
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
