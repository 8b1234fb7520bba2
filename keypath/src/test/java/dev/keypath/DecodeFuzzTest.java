package dev.keypath;

import static dev.keypath.Properties.qt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.quicktheories.generators.Generate.byteArrays;
import static org.quicktheories.generators.Generate.bytes;
import static org.quicktheories.generators.Generate.characters;
import static org.quicktheories.generators.Generate.oneOf;
import static org.quicktheories.generators.Generate.pick;
import static org.quicktheories.generators.Generate.range;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Random and mutated bytes and text: decoding and parsing either succeed canonically or throw the core's
 * typed exception with a position inside the input — never anything else.
 */
class DecodeFuzzTest {

    static Gen<byte[]> randomBytes() {
        Gen<Byte> interesting = oneOf(pick(List.of((byte) 0, (byte) 1, (byte) 2, (byte) 8, (byte) 0x11, (byte) 0x20,
                (byte) 0x61, (byte) 0x80, (byte) 0xFF)), bytes(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0));
        return byteArrays(range(0, 40), interesting);
    }

    static Gen<byte[]> mutatedKeys() {
        return PathGenerators.paths().zip(range(0, 3), range(0, 1000), bytes(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0),
                (path, op, where, value) -> {
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

    @Test
    void randomBytesDecodeCanonicallyOrFailTyped() {
        qt().forAll(randomBytes()).checkAssert(bytes -> {
            checkDecode(bytes);
        });
    }

    @Test
    void mutatedKeysDecodeCanonicallyOrFailTyped() {
        qt().forAll(mutatedKeys()).checkAssert(bytes -> {
            checkDecode(bytes);
        });
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

    static Gen<String> randomText() {
        Gen<Character> chars = oneOf(
                pick(List.of('/', '-', '%', '~', '{', '}', '0', '1', '9', 'a', 'Z', '_', '=', '+', '\n', '\u007F', ' ')),
                pick(List.of('é', '\uD83D', '\uDE00')),
                characters('0', 'z'));
        return PathGenerators.textOf(chars, 0, 30).map(s -> "/" + s);
    }

    @Test
    void randomTextParsesCanonicallyOrFailsTyped() {
        qt().forAll(randomText()).checkAssert(text -> {
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
        });
    }

    @Test
    void randomTemplatesParseOrFailTyped() {
        qt().forAll(randomText()).checkAssert(text -> {
            KeyPathTemplate template;
            try {
                template = KeyPathTemplate.parse(text);
            } catch (KeyPathFormatException e) {
                TemplateChecks.rejected(text, e);
                return;
            }
            TemplateChecks.accepted(text, template);
        });
    }
}
