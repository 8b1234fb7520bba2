package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * The integer length rule at every boundary: a magnitude that needs n bytes (2^(8(n-1)) to 2^(8n)-1) gets sort
 * byte 7+n when positive and 8-n when negative, and n magnitude bytes follow. So the 7-byte negatives are
 * -(2^56-1) to -2^48, whatever StatelyDB's range table says.
 */
class IntegerRangesTest {
    @Test
    void everyLengthBoundaryHasTheSortByteAndLengthOfTheRule() {
        for (int n = 1; n <= 8; n++) {
            BigInteger smallest = n == 1 ? BigInteger.ONE : BigInteger.ONE.shiftLeft(8 * (n - 1));
            BigInteger largest = BigInteger.ONE.shiftLeft(8 * n).subtract(BigInteger.ONE);
            for (BigInteger m : new BigInteger[] {smallest, largest}) {
                assertSegment(m, 7 + n, n);
                assertSegment(m.negate(), 8 - n, n);
            }
        }
    }

    @Test
    void theSevenByteNegativesRunFromMinusTwoToTheFiftySixMinusOneToMinusTwoToTheFortyEight() {
        assertSegment(BigInteger.ONE.shiftLeft(56).subtract(BigInteger.ONE).negate(), 1, 7);
        assertSegment(BigInteger.ONE.shiftLeft(48).negate(), 1, 7);
        assertSegment(BigInteger.ONE.shiftLeft(48).subtract(BigInteger.ONE).negate(), 2, 6);
        assertSegment(BigInteger.ONE.shiftLeft(56).negate(), 0, 8);
    }

    private static void assertSegment(BigInteger value, int sortByte, int magnitudeBytes) {
        byte[] key = KeyPath.of("i", KeyId.of(value)).encode();
        // "i" 01 <sort byte> <magnitude> 00 <varint of the namespace> <varint of the id>
        assertThat(key[2] & 0xFF).as("sort byte of %s", value).isEqualTo(sortByte);
        assertThat(key.length - 6).as("magnitude bytes of %s", value).isEqualTo(magnitudeBytes);
        assertThat(KeyPath.decode(key).id(0).asBigInteger()).isEqualTo(value);
    }
}
