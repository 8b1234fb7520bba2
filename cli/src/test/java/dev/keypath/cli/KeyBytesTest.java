package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class KeyBytesTest {

    @Test
    void evenLengthHexDigits_areHex() {
        assertThat(KeyBytes.parse("00ff7A")).containsExactly(0x00, 0xff, 0x7a);
    }

    @Test
    void hexLookingBase64_isReadAsHex() {
        // "deadbeef" is also valid base64 (6 bytes); the documented rule prefers hex.
        assertThat(KeyBytes.parse("deadbeef")).hasSize(4);
    }

    @Test
    void oddLengthHexDigits_areTriedAsBase64() {
        assertThat(KeyBytes.parse("AAE=")).containsExactly(0x00, 0x01);
        assertThat(KeyBytes.parse("AAE")).containsExactly(0x00, 0x01);
    }

    @Test
    void standardAndUrlSafeAlphabets_bothWork() {
        assertThat(KeyBytes.parse("+/8=")).containsExactly(0xfb, 0xff);
        assertThat(KeyBytes.parse("-_8")).containsExactly(0xfb, 0xff);
    }

    @Test
    void mixedAlphabets_areRejected() {
        assertThatIllegalArgumentException().isThrownBy(() -> KeyBytes.parse("+_8="))
                .withMessageContaining("mixed alphabets");
    }

    @Test
    void formatting_isLowerCaseHexAndPaddedBase64() {
        byte[] b = {(byte) 0xAB, 0x01};

        assertThat(KeyBytes.hex(b)).isEqualTo("ab01");
        assertThat(KeyBytes.base64(b)).isEqualTo("qwE=");
    }
}
