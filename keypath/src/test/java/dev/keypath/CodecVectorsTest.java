package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Golden vectors from StatelyDB's published integer table and example key, in sorted order: exact bytes, strict
 * order, round trip, no leftovers.
 */
class CodecVectorsTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final BigInteger TWO = BigInteger.TWO;

    private record Vector(BigInteger value, String segment) {}

    private static Vector v(BigInteger value, String segmentHex) {
        return new Vector(value, segmentHex.replace(" ", ""));
    }

    private static Vector v(long value, String segmentHex) {
        return v(BigInteger.valueOf(value), segmentHex);
    }

    private static BigInteger pow2(int n) {
        return TWO.pow(n);
    }

    /**
     * StatelyDB's integer table (sort byte, then the bytes), kept in ascending order. Two of its rows contradict
     * its own rule and are replaced by what the rule gives: see {@link #publishedRowsThatBreakTheRule()}.
     */
    static final List<Vector> INTEGERS = List.of(
            v(pow2(64).subtract(BigInteger.ONE).negate(), "00 00 00 00 00 00 00 00 00"),
            v(pow2(64).subtract(TWO).negate(), "00 00 00 00 00 00 00 00 01"),
            v(pow2(56).add(BigInteger.ONE).negate(), "00 fe ff ff ff ff ff ff fe"),
            v(pow2(56).negate(), "00 fe ff ff ff ff ff ff ff"),
            v(pow2(56).subtract(BigInteger.ONE).negate(), "01 00 00 00 00 00 00 00"),
            v(pow2(48).subtract(BigInteger.ONE).negate(), "02 00 00 00 00 00 00"),
            v(pow2(40).subtract(BigInteger.ONE).negate(), "03 00 00 00 00 00"),
            v(pow2(32).subtract(BigInteger.ONE).negate(), "04 00 00 00 00"),
            v(-257, "06 fe fe"),
            v(-256, "06 fe ff"),
            v(-17, "07 ee"),
            v(-16, "07 ef"),
            v(-2, "07 fd"),
            v(-1, "07 fe"),
            v(0, "07 ff"),
            v(1, "08 01"),
            v(2, "08 02"),
            v(3, "08 03"),
            v(6, "08 06"),
            v(16, "08 10"),
            v(17, "08 11"),
            v(42, "08 2a"),
            v(255, "08 ff"),
            v(256, "09 01 00"),
            v(1234, "09 04 d2"),
            v(1678901234L, "0b 64 11 ff f2"),
            v(pow2(32).subtract(BigInteger.ONE), "0b ff ff ff ff"),
            v(pow2(40).subtract(BigInteger.ONE), "0c ff ff ff ff ff"),
            v(pow2(48).subtract(BigInteger.ONE), "0d ff ff ff ff ff ff"),
            v(pow2(56).subtract(BigInteger.ONE), "0e ff ff ff ff ff ff ff"),
            v(pow2(56), "0f 01 00 00 00 00 00 00 00"),
            v(pow2(56).add(BigInteger.ONE), "0f 01 00 00 00 00 00 00 01"),
            v(pow2(64).subtract(TWO), "0f ff ff ff ff ff ff ff fe"),
            v(pow2(64).subtract(BigInteger.ONE), "0f ff ff ff ff ff ff ff ff"));

    /** The segment of an integer id inside the key {@code /a-v}: after "a" and the separator. */
    private static byte[] segment(byte[] key) {
        int terminator = key.length - 1;
        while (key[terminator] != 0) {
            terminator--;
        }
        return Arrays.copyOfRange(key, 2, terminator);
    }

    @Test
    void integerVectorsHaveThePublishedBytes() {
        for (Vector vector : INTEGERS) {
            byte[] key = KeyPath.of("a", vector.value()).encode();
            assertThat(HEX.formatHex(segment(key))).as("segment of %s", vector.value()).isEqualTo(vector.segment());
        }
    }

    @Test
    void integerVectorsSortStrictlyAndRoundTrip() {
        byte[] previous = null;
        for (Vector vector : INTEGERS) {
            KeyPath path = KeyPath.of("a", vector.value());
            byte[] key = path.encode();
            if (previous != null) {
                assertThat(Arrays.compareUnsigned(previous, key)).as("order at %s", vector.value()).isNegative();
            }
            previous = key;
            KeyPath decoded = KeyPath.decode(key);
            assertThat(decoded).isEqualTo(path);
            assertThat(decoded.last().id().asBigInteger()).isEqualTo(vector.value());
        }
    }

    @Test
    void decodingReadsOnlyTheGivenSliceOfALargerBuffer() {
        for (Vector vector : INTEGERS) {
            byte[] key = KeyPath.of("a", vector.value()).then("b", "x").encode();
            byte[] buffer = new byte[key.length + 7];
            Arrays.fill(buffer, (byte) 0x5A);
            buffer[0] = 0;
            buffer[buffer.length - 1] = 0;
            System.arraycopy(key, 0, buffer, 3, key.length);
            assertThat(KeyPath.decode(buffer, 3, key.length)).isEqualTo(KeyPath.decode(key));
        }
    }

    @Test
    void trailingBytesAfterAKeyAreRejectedNotIgnored() {
        byte[] key = KeyPath.of("a", 1).encode();
        byte[] longer = Arrays.copyOf(key, key.length + 1);
        longer[key.length] = 0x20;
        assertThatThrownBy(() -> KeyPath.decode(longer)).isInstanceOf(KeyPathFormatException.class);
    }

    @Test
    void publishedRowsThatBreakTheRule() {
        // The table lists "-257" as 06 FE FF, but inverting FE FF gives 0x0100 = 256: that row is -256.
        assertThat(HEX.formatHex(segment(KeyPath.of("a", -256).encode()))).isEqualTo("06feff");
        assertThat(HEX.formatHex(segment(KeyPath.of("a", -257).encode()))).isEqualTo("06fefe");
        // The table lists -(2^56-1) as sort byte 1 followed by eight 0x00 bytes, but sort byte 1 means a
        // 7-byte magnitude; eight bytes would make the segment unreadable, so the rule's 7 bytes stand.
        byte[] publishedRow = HEX.parseHex("61" + "01" + "01" + "0000000000000000" + "00" + "08" + "49");
        assertThatThrownBy(() -> KeyPath.decode(publishedRow)).isInstanceOf(KeyPathFormatException.class)
                .hasMessageContaining("sort byte says 8");
    }

    static final String EXAMPLE = "/user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234/comment-1678901234/react-42";

    /** StatelyDB's segment bytes for its example key, then the metadata worked out by hand. */
    static final String EXAMPLE_HEX = String.join("",
            "75736572", "01", "4c9d36e56b194e6a828c226ed667458a", "01",
            "706f7374", "01", "0904d2", "01",
            "636f6d6d656e74", "01", "0b6411fff2", "01",
            "7265616374", "01", "082a",
            "00",
            "20", "8201", "20", "19", "38", "29", "28", "11");

    @Test
    void exampleKeyIs63BytesAndSplitsIntoPk25AndSk38() {
        KeyPath path = KeyPath.parse(EXAMPLE);
        assertThat(HEX.formatHex(path.encode())).isEqualTo(EXAMPLE_HEX);
        assertThat(path.encodedLength()).isEqualTo(63);
        assertThat(HEX.formatHex(path.partitionKey())).isEqualTo("75736572014c9d36e56b194e6a828c226ed667458a00208201");
        assertThat(path.partitionKey()).hasSize(25);
        assertThat(HEX.formatHex(path.sortKey()))
                .isEqualTo("706f7374010904d201636f6d6d656e74010b6411fff2017265616374" + "01082a" + "00" + "201938292811");
        assertThat(path.sortKey()).hasSize(38);
        assertThat(KeyPath.decode(path.partitionKey(), path.sortKey())).isEqualTo(path);
        assertThat(path).isEqualTo(KeyPath.of("user", UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a"))
                .then("post", 1234).then("comment", 1678901234L).then("react", 42));
    }

    @Test
    void oneElementPathHasTheBareTerminatorAsSortKey() {
        KeyPath user = KeyPath.parse("/user-7");
        assertThat(user.sortKey()).containsExactly(0x00);
        assertThat(KeyPath.decode(user.partitionKey(), user.sortKey())).isEqualTo(user);
        assertThatThrownBy(() -> KeyPath.decode(new byte[] {0x00}))
                .isInstanceOf(KeyPathFormatException.class).hasMessageContaining("at least one element");
    }

    @Test
    void bytesEscapesKeepOrderAndNeverProduceTheTerminator() {
        byte[][] values = {{0x00}, {0x00, 0x00}, {0x00, 0x01}, {0x01}, {0x02}, {0x02, 0x00}, {0x03}, {(byte) 0xFF}};
        byte[] previous = null;
        for (byte[] value : values) {
            byte[] key = KeyPath.of("a", 1).then("b", value).encode();
            byte[] seg = Arrays.copyOfRange(key, 7, 7 + BytesId.escapedLength(value));
            for (int i = 0; i < seg.length; i++) {
                assertThat(seg[i]).as("no terminator inside a bytes segment").isNotEqualTo((byte) 0x00);
                if (seg[i] == 0x01) {
                    assertThat(i > 0 && seg[i - 1] == 0x02).as("0x01 only as the second byte of an escape").isTrue();
                }
            }
            if (previous != null) {
                assertThat(Arrays.compareUnsigned(previous, key)).isNegative();
            }
            previous = key;
        }
        assertThat(HEX.formatHex(KeyPath.of("a", 1).then("b", new byte[] {0x00, 0x01, 0x02, 0x03}).encode()))
                .isEqualTo("61" + "01" + "0801" + "01" + "62" + "01" + "020102020203" + "03" + "00" + "08" + "11" + "08" + "3a");
    }

    @Test
    void aSixteenByteIdIsOneValueHoweverItIsMade() {
        // bytes 00, 01 and 02 in both halves, so the UUID's segment needs escapes on either side
        byte[] raw = HEX.parseHex("00010203a0b0c0d0" + "ff02e0f001000708");
        java.util.UUID uuid = java.util.UUID.fromString("00010203-a0b0-c0d0-ff02-e0f001000708");
        KeyId fromBytes = KeyId.of(raw);
        KeyId fromUuid = KeyId.of(uuid);
        KeyPath parsed = KeyPath.parse("/a-00010203-A0B0-C0D0-FF02-E0F001000708");
        assertThat(fromBytes).isEqualTo(fromUuid).hasSameHashCodeAs(fromUuid).isEqualTo(parsed.id(0));
        assertThat(fromBytes.isUuid()).isTrue();
        assertThat(fromBytes.asUuid()).isEqualTo(uuid);
        assertThat(fromUuid.asBytes()).isEqualTo(raw);
        byte[] key = KeyPath.of("a", uuid).encode();
        assertThat(HEX.formatHex(key)).isEqualTo("61" + "01"
                + "02010202" + "0203" + "03a0b0c0d0" + "ff" + "0203" + "e0f0" + "0202" + "0201" + "0708" + "00"
                + "08" + "b201");
        assertThat(KeyPath.encodeText(parsed.toString())).isEqualTo(key);
        assertThat(KeyPath.decode(key)).isEqualTo(parsed);
        assertThat(parsed.toString()).isEqualTo("/a-00010203-a0b0-c0d0-ff02-e0f001000708");
        // a 16-byte segment holding 0x02 is an escape sequence, never an unescaped UUID
        byte[] bad = KeyPath.of("a", uuid).encode();
        assertThatThrownBy(() -> KeyPath.decode(Arrays.copyOfRange(bad, 0, bad.length - 2)))
                .isInstanceOf(KeyPathFormatException.class);
    }

    @Test
    void namespaceWithoutIdEncodesAsAnOddSegment() {
        KeyPath settings = KeyPath.parse("/user-7/settings");
        assertThat(HEX.formatHex(settings.encode())).isEqualTo("75736572" + "01" + "0807" + "01" + "73657474696e6773" + "00" + "20" + "11" + "40");
        assertThat(KeyPath.decode(settings.encode())).isEqualTo(settings);
        assertThat(settings.compareTo(KeyPath.parse("/user-7/settings-1"))).isNegative();
    }
}
