package dev.keypath.dynamodb.internal.operation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import org.quicktheories.core.Gen;

/**
 * The bounds of a gap query: a key's predecessor is the greatest key of at most 1,024 bytes before it, and its
 * successor the least after it, so a condition up to one (from the other) holds exactly the keys before (after) it.
 * Keys are drawn from a few byte values (0, 1, 0xFE, 0xFF) so that prefixes, trailing zeros and full bytes meet often.
 */
class GapQueriesTest {
    private static final byte[] BYTES = {0, 1, (byte) 0xFE, (byte) 0xFF};

    private static Gen<byte[]> keys(int longest) {
        return lists().of(integers().between(0, 3)).ofSizeBetween(1, longest).map(list -> {
            byte[] key = new byte[list.size()];
            for (int i = 0; i < key.length; i++) {
                key[i] = BYTES[list.get(i)];
            }
            return key;
        });
    }

    @Test
    void aKeyIsBeforeAnotherExactlyWhenItIsAtMostItsPredecessor() {
        QuickTheory.qt().withExamples(5_000).forAll(keys(6), keys(6)).checkAssert((key, other) -> {
            byte[] before = GapQueries.predecessor(key);
            boolean less = Arrays.compareUnsigned(other, key) < 0;
            if (before == null) {
                assertThat(less).as("a key of one zero byte has no key before it").isFalse();
                return;
            }
            assertThat(before.length).isLessThanOrEqualTo(1024);
            assertThat(Arrays.compareUnsigned(other, before) <= 0).as("%s before %s (predecessor %s)",
                    Arrays.toString(other), Arrays.toString(key), Arrays.toString(Arrays.copyOf(before, 8)))
                    .isEqualTo(less);
        });
    }

    @Test
    void aKeyIsAfterAnotherExactlyWhenItIsAtLeastItsSuccessor() {
        QuickTheory.qt().withExamples(5_000).forAll(keys(6), keys(6)).checkAssert((key, other) -> {
            boolean greater = Arrays.compareUnsigned(other, key) > 0;
            assertThat(Arrays.compareUnsigned(other, GapQueries.successor(key)) >= 0).isEqualTo(greater);
        });
    }

    @Test
    void theLongestKeysKeepTheirOrderWithThePredecessor() {
        byte[] key = new byte[1024];
        Arrays.fill(key, (byte) 0xFF);
        byte[] before = GapQueries.predecessor(key);
        assertThat(before).hasSize(1024);
        assertThat(Arrays.compareUnsigned(before, key)).isNegative();
        byte[] justBefore = key.clone();
        justBefore[1023] = (byte) 0xFE;
        assertThat(before).isEqualTo(justBefore);
        assertThat(GapQueries.predecessor(new byte[] {0})).isNull();
        assertThat(GapQueries.predecessor(new byte[] {5, 0})).containsExactly(5);
    }
}
