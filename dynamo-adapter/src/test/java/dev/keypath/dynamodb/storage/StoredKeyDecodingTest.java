package dev.keypath.dynamodb.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import dev.keypath.dynamodb.StoredKeyException;
import dev.keypath.dynamodb.StoredKeyException.Problem;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The one decoding of a stored item's pk/sk: round trip, and a typed error naming the attribute at fault. */
class StoredKeyDecodingTest {
    private static final String PK = StoredItemLayout.PARTITION_KEY;
    private static final String SK = StoredItemLayout.SORT_KEY;

    @Test
    void theKeysOfAnyKeyPathDecodeBackToIt() {
        qt().forAll(longs().all(), integers().between(0, 3), longs().all()).checkAssert((user, depth, post) -> {
            KeyPath path = KeyPath.of("user", user);
            for (int i = 0; i < depth; i++) {
                path = path.then("post", post + i);
            }
            assertThat(StoredItemLayout.keyPathOf(Map.of(PK, binary(path.partitionKey()), SK,
                    binary(path.sortKey()), "other", AttributeValue.fromS("x")))).isEqualTo(path);
        });
    }

    @Test
    void aMissingKeyIsNamed() {
        KeyPath path = KeyPath.of("user", 1);
        assertThatThrownBy(() -> StoredItemLayout.keyPathOf(Map.of(PK, binary(path.partitionKey()))))
                .isInstanceOfSatisfying(StoredKeyException.class, e -> {
                    assertThat(e.attribute()).isEqualTo(SK);
                    assertThat(e.problem()).isEqualTo(Problem.MISSING);
                    assertThat(e).hasMessageContaining("sk");
                });
    }

    @Test
    void aKeyOfAnotherTypeIsNamed() {
        KeyPath path = KeyPath.of("user", 1);
        assertThatThrownBy(() -> StoredItemLayout.keyPathOf(Map.of(PK, AttributeValue.fromS("user-1"), SK,
                binary(path.sortKey()))))
                .isInstanceOfSatisfying(StoredKeyException.class, e -> {
                    assertThat(e.attribute()).isEqualTo(PK);
                    assertThat(e.problem()).isEqualTo(Problem.NOT_BINARY);
                    assertThat(e).hasMessageContaining("pk").hasMessageContaining("not B (binary)");
                });
    }

    @Test
    void bytesThatAreNotAKeyPathNameTheAttributeWhoseBytesFailWithTheOffset() {
        KeyPath path = KeyPath.of("user", 1).then("post", 2);
        byte[] bad = {(byte) 0xff, 0x00, 0x7f};
        assertThatThrownBy(() -> StoredItemLayout.keyPathOf(Map.of(PK, binary(bad), SK, binary(path.sortKey()))))
                .isInstanceOfSatisfying(StoredKeyException.class, e -> {
                    assertThat(e.attribute()).isEqualTo(PK);
                    assertThat(e.problem()).isEqualTo(Problem.NOT_A_KEY_PATH);
                    assertThat(e).hasMessageContaining("not a valid key path").hasMessageContaining("offset")
                            .hasCauseInstanceOf(KeyPathFormatException.class);
                });
        assertThatThrownBy(() -> StoredItemLayout.keyPathOf(Map.of(PK, binary(path.partitionKey()), SK,
                binary(bad))))
                .isInstanceOfSatisfying(StoredKeyException.class, e -> assertThat(e.attribute()).isEqualTo(SK));
    }

    private static AttributeValue binary(byte[] bytes) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(bytes));
    }
}
