package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random and mutated bytes and text: decoding and parsing either succeed canonically or throw the core's
 * typed exception with a position inside the input — never anything else.
 */
class DecodeFuzzTest {

    @Provide
    Arbitrary<byte[]> randomBytes() {
        Arbitrary<Byte> interesting = Arbitraries.oneOf(
                Arbitraries.of((byte) 0, (byte) 1, (byte) 2, (byte) 8, (byte) 0x11, (byte) 0x20, (byte) 0x61, (byte) 0x80, (byte) 0xFF),
                Arbitraries.bytes());
        return interesting.array(byte[].class).ofMaxSize(40);
    }

    @Provide
    Arbitrary<byte[]> mutatedKeys() {
        return Combinators.combine(PathArbitraries.paths(), Arbitraries.integers().between(0, 3),
                        Arbitraries.integers().between(0, 1000), Arbitraries.bytes())
                .as((path, op, where, value) -> {
                    byte[] key = path.encode();
                    int at = where % (key.length + 1);
                    return switch (op) {
                        case 0 -> flip(key, Math.min(at, key.length - 1), value);
                        case 1 -> insert(key, at, value);
                        case 2 -> delete(key, Math.min(at, key.length - 1));
                        default -> java.util.Arrays.copyOf(key, at);
                    };
                });
    }

    private static byte[] flip(byte[] key, int at, byte value) {
        byte[] out = key.clone();
        out[at] = value;
        return out;
    }

    private static byte[] insert(byte[] key, int at, byte value) {
        byte[] out = new byte[key.length + 1];
        System.arraycopy(key, 0, out, 0, at);
        out[at] = value;
        System.arraycopy(key, at, out, at + 1, key.length - at);
        return out;
    }

    private static byte[] delete(byte[] key, int at) {
        byte[] out = new byte[key.length - 1];
        System.arraycopy(key, 0, out, 0, at);
        System.arraycopy(key, at + 1, out, at, key.length - at - 1);
        return out;
    }

    @Property
    void randomBytesDecodeCanonicallyOrFailTyped(@ForAll("randomBytes") byte[] bytes) {
        checkDecode(bytes);
    }

    @Property
    void mutatedKeysDecodeCanonicallyOrFailTyped(@ForAll("mutatedKeys") byte[] bytes) {
        checkDecode(bytes);
    }

    private static void checkDecode(byte[] bytes) {
        KeyPath decoded;
        try {
            decoded = KeyPath.decode(bytes);
        } catch (KeyPathFormatException e) {
            assertThat(e.position()).isBetween(0, bytes.length);
            assertThat(e.inText()).isFalse();
            return;
        }
        assertThat(decoded.encode()).as("accepted bytes must be canonical").isEqualTo(bytes);
    }

    @Provide
    Arbitrary<String> randomText() {
        Arbitrary<Character> chars = Arbitraries.oneOf(
                Arbitraries.chars().with('/', '-', '%', '~', '{', '}', '0', '1', '9', 'a', 'Z', '_', '=', '+', '\n', '\u007F', ' '),
                Arbitraries.chars().with('é', '\uD83D', '\uDE00'),
                Arbitraries.chars().range('0', 'z'));
        return chars.list().ofMaxSize(30).map(cs -> {
            StringBuilder sb = new StringBuilder("/");
            cs.forEach(sb::append);
            return sb.toString();
        });
    }

    @Property
    void randomTextParsesCanonicallyOrFailsTyped(@ForAll("randomText") String text) {
        KeyPath parsed;
        try {
            parsed = KeyPath.parse(text);
        } catch (KeyPathFormatException e) {
            assertThat(e.position()).isBetween(0, text.length());
            assertThat(e.inText()).isTrue();
            KeyPathFormatException direct = catchThrowableOfType(KeyPathFormatException.class, () -> KeyPath.encodeText(text));
            assertThat(direct).as("encodeText(%s) must fail like parse", text).isNotNull();
            assertThat(direct.reason()).isEqualTo(e.reason());
            assertThat(direct.position()).isEqualTo(e.position());
            return;
        }
        assertThat(KeyPath.encodeText(text)).isEqualTo(parsed.encode());
        String canonical = parsed.toString();
        assertThat(KeyPath.parse(canonical)).isEqualTo(parsed);
        assertThat(KeyPath.parse(canonical).toString()).isEqualTo(canonical);
    }

    @Property
    void randomTemplatesParseOrFailTyped(@ForAll("randomText") String text) {
        try {
            KeyPathTemplate.parse(text);
        } catch (KeyPathFormatException e) {
            assertThat(e.position()).isBetween(0, text.length());
        }
    }
}
