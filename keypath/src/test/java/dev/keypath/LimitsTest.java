package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

/** The limits FORMAT.md states, each where the code enforces it (or, for key size, where it does not). */
class LimitsTest {
    @Test
    void aSegmentLengthBeyondTwoToTheTwentyEightMinusOneOverflowsTheMetadataVarint() {
        // "a", terminator, then the varint of (2^28 << 3) | 4 = 2^31, one more than a metadata varint may hold
        byte[] key = {0x61, 0x00, (byte) 0x84, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08};
        KeyPathFormatException e = catchThrowableOfType(KeyPathFormatException.class, () -> KeyPath.decode(key));
        assertThat(e).isNotNull();
        assertThat(e.reason()).contains("varint overflows");
        assertThat(e.position()).isEqualTo(2);
        assertThat(Varint.MAX_VALUE >> 3).as("longest segment").isEqualTo((1 << 28) - 1);
    }

    @Test
    void positionsInTextAreUtf16Indexes() {
        // '/', 'a', '-', then U+1F600 as two UTF-16 units, then a control character: UTF-16 index 5, code point 4
        KeyPathFormatException e = catchThrowableOfType(KeyPathFormatException.class,
                () -> KeyPath.parse("/a-\uD83D\uDE00\u0001"));
        assertThat(e).isNotNull();
        assertThat(e.position()).isEqualTo(5);
    }

    @Test
    void theCoreHasNoKeySizeLimit() {
        String longId = "x".repeat(2000);
        KeyPath from = KeyPath.of("user", 1).then("note", longId);
        KeyRange range = KeyRange.between(from, KeyPath.of("user", 1).then("note", longId + "y"));
        assertThat(range.lowerSortKey().length).as("beyond DynamoDB's 1024-byte sort key").isGreaterThan(1024);
        assertThat(KeyPath.decode(from.encode())).isEqualTo(from);
    }
}
