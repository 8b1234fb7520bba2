package dev.keypath.dynamodb.internal.request;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * RFC 9562 version 7 UUIDs that sort in the order they were made: 48 bits of Unix milliseconds, then 74 bits that
 * are random for the first id of a millisecond and, for each further id in the same millisecond (or after the clock
 * stepped back), the previous id's bits plus a random increment (the RFC's "monotonic random", section 6.2, method
 * 2). When those bits would overflow, the id takes the next millisecond. An id's time is therefore the clock's
 * reading or the latest time this sequence already used, whichever is later. Thread-safe.
 */
final class UuidV7Sequence {
    /** Made on the first id: a table that generates none never starts the RNG. */
    private static final class RandomBits {
        static final SecureRandom INSTANCE = new SecureRandom();
    }

    private static final long RAND_B_MASK = 0x3FFF_FFFF_FFFF_FFFFL;
    private static final long RAND_B_LIMIT = RAND_B_MASK + 1;
    private static final int RAND_A_LIMIT = 1 << 12;
    private static final long MAX_INCREMENT = 1L << 32;

    private long lastMillis = Long.MIN_VALUE;
    private int randA;
    private long randB;

    /** The next id at {@code epochMillis} or later. */
    synchronized UUID next(long epochMillis) {
        if (epochMillis > lastMillis) {
            fresh(epochMillis);
        } else {
            randB += 1 + (RandomBits.INSTANCE.nextLong() & (MAX_INCREMENT - 1));
            if (randB >= RAND_B_LIMIT) {
                randB -= RAND_B_LIMIT;
                if (++randA == RAND_A_LIMIT) {
                    fresh(lastMillis + 1);
                }
            }
        }
        long msb = (lastMillis & 0xFFFF_FFFF_FFFFL) << 16 | 0x7000L | randA;
        long lsb = randB | 0x8000_0000_0000_0000L;
        return new UUID(msb, lsb);
    }

    private void fresh(long millis) {
        lastMillis = millis;
        // the top bit of the random bits starts clear, leaving room for about 2^11 × 2^30 increments in a millisecond
        randA = RandomBits.INSTANCE.nextInt(RAND_A_LIMIT >> 1);
        randB = RandomBits.INSTANCE.nextLong() & RAND_B_MASK;
    }
}
