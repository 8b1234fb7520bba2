package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Base64;
import org.junit.jupiter.api.Test;

/** Hex by default, base64 only when the text says so (prefix {@code b64:}): never a guess. */
class KeyBytesTest {

    @Test
    void hexDigitsOfEitherCase() {
        assertThat(KeyBytes.parse("00ff7A")).containsExactly(0x00, 0xff, 0x7a);
    }

    @Test
    void base64ThatLooksLikeHexIsReadAsBase64WhenMarked() {
        // "deadbeef" is valid hex (4 bytes) and valid base64 (6 bytes): the prefix decides, not a guess
        assertThat(KeyBytes.parse("deadbeef")).hasSize(4);
        assertThat(KeyBytes.parse("b64:deadbeef")).hasSize(6);
    }

    @Test
    void aGenuineBase64KeyNoLongerDecodesAsGarbageHex() {
        byte[] key = {0x75, 0x01, 0x08, 0x07, 0x00, 0x20, 0x11};
        String base64 = Base64.getEncoder().encodeToString(key);
        assertThat(KeyBytes.parse("b64:" + base64)).containsExactly(key);
        assertThatIllegalArgumentException().isThrownBy(() -> KeyBytes.parse(base64))
                .withMessageStartingWith("not hex:").withMessageContaining("b64:");
    }

    @Test
    void standardAndUrlSafeAlphabetsBothWorkAfterThePrefix() {
        assertThat(KeyBytes.parse("b64:+/8=")).containsExactly(0xfb, 0xff);
        assertThat(KeyBytes.parse("b64:-_8")).containsExactly(0xfb, 0xff);
        assertThat(KeyBytes.parse("b64:AAE")).containsExactly(0x00, 0x01);
    }

    @Test
    void eachReadingSaysWhatFailedAndWhere() {
        assertThatIllegalArgumentException().isThrownBy(() -> KeyBytes.parse("7573!572"))
                .withMessage("not hex: character '!' at position 4 (base64 keys need the prefix b64:)");
        assertThatIllegalArgumentException().isThrownBy(() -> KeyBytes.parse("757"))
                .withMessage("not hex: odd number of digits (3) at position 2 (base64 keys need the prefix b64:)");
        assertThatIllegalArgumentException().isThrownBy(() -> KeyBytes.parse("b64:+_8="))
                .withMessageStartingWith("not base64:").withMessageContaining("mixed alphabets");
        assertThatIllegalArgumentException().isThrownBy(() -> KeyBytes.parse("b64:ab!c"))
                .withMessage("not base64: character '!' at position 6");
        assertThatIllegalArgumentException().isThrownBy(() -> KeyBytes.parse(""))
                .withMessage("empty input at position 0: expected hex, or base64 after b64:");
    }

    @Test
    void formattingIsLowerCaseHexAndPaddedBase64() {
        byte[] b = {(byte) 0xAB, 0x01};

        assertThat(KeyBytes.hex(b)).isEqualTo("ab01");
        assertThat(KeyBytes.base64(b)).isEqualTo("qwE=");
    }
}
