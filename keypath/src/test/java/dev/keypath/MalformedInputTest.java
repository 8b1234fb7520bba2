package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Tables of malformed keys and texts, each with the reason and position the error must name. */
class MalformedInputTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            ''                                  | empty key                              | 0
            6101                                | no 0x00 terminator                     | 2
            00                                  | at least one element                   | 0
            610008                              | the first element needs an id          | 0
            61010801000889                      | truncated metadata varint              | 6
            610108010008ffffffff0f              | metadata varint overflows              | 6
            61010801000800                      | segments without metadata              | 0
            6101080100081100                    | segments without metadata              | 0
            61010801000801                      | empty segment                          | 6
            61010801000813                      | unknown segment type 3                 | 6
            61010801000819                      | runs past the terminator               | 2
            610108010008                        | segments end before the terminator     | 1
            61010801003011                      | segment 1 runs past the terminator     | 0
            61010801000911                      | namespace segment has type 1           | 5
            31010801000811                      | namespace must start with a letter     | 0
            612d010801001011                    | invalid byte in namespace              | 1
            61020801000811                      | expected separator                     | 1
            61011001000811                      | invalid integer sort byte 0x10         | 2
            610108000008 11                     | not minimally encoded                  | 2
            610107ffff000819                    | integer segment has 3 bytes but its sort byte says 2 | 2
            610106fffe000819                    | not minimally encoded                  | 2
            61010900ff000819                    | not minimally encoded                  | 2
            61010a00ff00000821                  | not minimally encoded                  | 2
            61010100080a                        | unescaped 0x01                         | 2
            610162020000081a                    | invalid escape                         | 3
            61010200080a                        | invalid escape                         | 2
            610162020400081a                    | invalid escape                         | 3
            610109000808                        | control byte 0x09 in string segment    | 2
            6101c328000810                      | invalid UTF-8                          | 2
            6101eda080000818                    | invalid UTF-8                          | 2
            6101c0af000810                      | invalid UTF-8                          | 2
            """)
    void malformedKeysAreRejectedWithReasonAndOffset(String hex, String reason, int offset) {
        byte[] key = HexFormat.of().parseHex(hex.replace(" ", ""));
        KeyPathFormatException e = catchThrowableOfType(KeyPathFormatException.class, () -> KeyPath.decode(key));
        assertThat(e).as("decode %s", hex).isNotNull();
        assertThat(e.reason()).contains(reason);
        assertThat(e.position()).isEqualTo(offset);
        assertThat(e.inText()).isFalse();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            ""                             | empty key path                          | 0
            user-1                         | expected '/'                            | 0
            /                              | empty namespace                         | 1
            /1user-1                       | namespace must start with a letter      | 1
            /us.er-1                       | invalid character '.' in namespace      | 3
            /user                          | the first element needs an id           | 5
            /user-                         | empty id                                | 6
            /user-1/                       | empty namespace                         | 8
            /user-1/post/comment-2         | only the last element may omit its id   | 12
            /user-1/post-                  | empty id                                | 13
            /user-18446744073709551616     | outside -(2^64-1) .. 2^64-1             | 6
            /user--18446744073709551616    | outside -(2^64-1) .. 2^64-1             | 6
            /user-99999999999999999999999  | outside -(2^64-1) .. 2^64-1             | 6
            /user-abc%                     | dangling '%'                            | 9
            /user-~                        | empty bytes id                          | 7
            /user-~a                       | impossible length                       | 7
            /user-~ab=                     | invalid character '=' in base64         | 9
            /user-~a+b                     | invalid character '+' in base64         | 8
            /user-~AB                      | not canonical                           | 8
            /user-a%/b%%c/post-1           | ~ok~                                    | 0
            """)
    void malformedTextIsRejectedWithReasonAndPosition(String text, String reason, int position) {
        if (reason.equals("~ok~")) {
            assertThat(KeyPath.parse(text).last().id().asLong()).isEqualTo(1);
            return;
        }
        KeyPathFormatException e = catchThrowableOfType(KeyPathFormatException.class, () -> KeyPath.parse(text));
        assertThat(e).as("parse %s", text).isNotNull();
        assertThat(e.reason()).contains(reason);
        assertThat(e.position()).isEqualTo(position);
        assertThat(e.inText()).isTrue();
        assertThat(e.getMessage()).contains("position " + position);
        KeyPathFormatException direct = catchThrowableOfType(KeyPathFormatException.class, () -> KeyPath.encodeText(text));
        assertThat(direct).as("encodeText %s", text).isNotNull();
        assertThat(direct.reason()).isEqualTo(e.reason());
        assertThat(direct.position()).isEqualTo(position);
    }

    @org.junit.jupiter.api.Test
    void controlCharactersInIdsAreRejectedWherePositionKnown() {
        KeyPathFormatException e = catchThrowableOfType(KeyPathFormatException.class, () -> KeyPath.parse("/user-ab\ncd"));
        assertThat(e.reason()).contains("control character U+000A");
        assertThat(e.position()).isEqualTo(8);
        KeyPathFormatException escaped = catchThrowableOfType(KeyPathFormatException.class, () -> KeyPath.parse("/user-ab%\u007F"));
        assertThat(escaped.reason()).contains("U+007F");
        assertThat(escaped.position()).isEqualTo(9);
        assertThat(catchThrowableOfType(KeyPathFormatException.class, () -> KeyPath.parse("/user-a\uD800b")).reason())
                .contains("unpaired surrogate");
        assertThatThrownBy(() -> KeyId.of("tab\there")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("U+0009");
        assertThatThrownBy(() -> KeyId.of("")).hasMessageContaining("empty id");
        assertThatThrownBy(() -> KeyId.of(new byte[0])).hasMessageContaining("empty");
        assertThatThrownBy(() -> KeyId.of(java.math.BigInteger.ONE.shiftLeft(64))).hasMessageContaining("outside");
        assertThatThrownBy(() -> KeyPath.of("user-x", 1)).isInstanceOf(KeyPathFormatException.class)
                .hasMessageContaining("invalid character '-' in namespace");
    }

    @org.junit.jupiter.api.Test
    void decodeOfNullOrBadSliceIsTypedToo() {
        assertThatThrownBy(() -> KeyPath.decode(null)).isInstanceOf(KeyPathFormatException.class);
        assertThatThrownBy(() -> KeyPath.decode(new byte[4], 3, 5)).isInstanceOf(KeyPathFormatException.class)
                .hasMessageContaining("outside");
        assertThatThrownBy(() -> KeyPath.decode(new byte[4], -1, 2)).isInstanceOf(KeyPathFormatException.class);
        byte[] pk = KeyPath.of("a", 1).partitionKey();
        assertThatThrownBy(() -> KeyPath.decode(pk, new byte[] {0x61})).isInstanceOf(KeyPathFormatException.class)
                .hasMessageContaining("sort key: no 0x00 terminator");
        assertThatThrownBy(() -> KeyPath.decode(KeyPath.parse("/a-1/b-2").encode(), new byte[] {0}))
                .hasMessageContaining("partition key must hold exactly one element");
    }
}
