package dev.keypath.dynamodb.internal.operation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a sharded page likely ends, from what its partitions have shown: the sort keys are placed on a line (the
 * bytes after the prefix all keys share, read as a fraction), the partitions, filled alike by hash, are taken to hold
 * items evenly along it at the density they showed together (items read over the stretch of keys they covered), and
 * the page ends where the items known and those expected beyond each partition's reach make up what it misses.
 * Built for one round; pure.
 */
final class PageEnd {
    /** How many bytes after the shared prefix place a key: 7, within a double's precision. */
    private static final int PLACES = 7;

    private final int direction;
    private final List<byte[]> keys = new ArrayList<>();
    private final List<Reach> reaches = new ArrayList<>();
    private final List<byte[]> known = new ArrayList<>();
    private int prefix;
    private double density;
    private double end = Double.NaN;

    /** One partition's stretch: read from {@code from} (null: unknown) to {@code to}, holding {@code items}. */
    private record Reach(byte[] from, byte[] to, int items, boolean open) {
    }

    /** An estimate for a merge in the order of {@code direction} (1 ascending, −1 descending). */
    PageEnd(int direction) {
        this.direction = direction;
    }

    /**
     * A partition that this page has read from {@code from} (null: not known where) up to {@code to}, holding
     * {@code items} there; {@code open} when it may hold more after {@code to}.
     */
    void partition(byte[] from, byte[] to, int items, boolean open) {
        reaches.add(new Reach(from, to, items, open));
        add(from);
        add(to);
    }

    /** An item known and not taken yet: read, or named by the token. */
    void item(byte[] key) {
        known.add(key);
        add(key);
    }

    private void add(byte[] key) {
        if (key != null) {
            keys.add(key);
        }
    }

    /**
     * Estimates where the page ends when it misses {@code need} items; false when nothing shows a density (no
     * partition covered a stretch of keys).
     */
    boolean estimate(int need) {
        if (keys.isEmpty()) {
            return false;
        }
        prefix = Integer.MAX_VALUE;
        byte[] first = keys.get(0);
        for (byte[] k : keys) {
            int m = Arrays.mismatch(first, k);
            prefix = Math.min(prefix, m < 0 ? k.length : m);
        }
        double items = 0;
        double length = 0;
        for (Reach r : reaches) {
            if (r.from() != null && r.to() != null) {
                items += r.items();
                length += Math.max(0, place(r.to()) - place(r.from()));
            }
        }
        if (items == 0 || length <= 0) {
            return false;
        }
        density = items / length;
        double[] knownPlaces = known.stream().mapToDouble(this::place).sorted().toArray();
        double lo = Double.POSITIVE_INFINITY;
        for (Reach r : reaches) {
            if (r.open() && r.to() != null) {
                lo = Math.min(lo, place(r.to()));
            }
        }
        if (knownPlaces.length > 0) {
            lo = Math.min(lo, knownPlaces[0]);
        }
        if (lo == Double.POSITIVE_INFINITY) {
            return false;
        }
        double hi = lo + 1;
        while (count(hi, knownPlaces) < need && hi < lo + 64) {
            hi = lo + 2 * (hi - lo);
        }
        for (int i = 0; i < 60; i++) {
            double mid = (lo + hi) / 2;
            if (count(mid, knownPlaces) >= need) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        end = hi;
        return true;
    }

    /** The items known up to {@code at}, and those expected there beyond each open partition's reach. */
    private double count(double at, double[] knownPlaces) {
        double c = 0;
        for (double k : knownPlaces) {
            if (k > at) {
                break;
            }
            c++;
        }
        for (Reach r : reaches) {
            if (r.open() && r.to() != null) {
                c += density * Math.max(0, at - place(r.to()));
            }
        }
        return c;
    }

    /** The items a partition read up to {@code to} likely holds after it up to the page's end. */
    double expectedAfter(byte[] to) {
        return density * Math.max(0, end - place(to));
    }

    /** Whether {@code key} likely lies before the page's end. */
    boolean before(byte[] key) {
        return place(key) < end;
    }

    /** The key's place on the line, growing in the merge's order. */
    private double place(byte[] key) {
        double value = 0;
        double scale = 1;
        for (int i = 0; i < PLACES; i++) {
            scale /= 256;
            int at = prefix + i;
            value += (at < key.length ? key[at] & 0xFF : 0) * scale;
        }
        return direction * value;
    }
}
