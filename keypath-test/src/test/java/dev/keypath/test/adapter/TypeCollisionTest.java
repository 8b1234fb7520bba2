package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.KeyTooLargeException;
import dev.keypath.dynamodb.Page;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.Model.Post;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Ids of different types at one position interleave in byte order: a bound whose id type no registered type has
 * there is refused, and where the registered types allow it, the read amplification is reported per page.
 */
class TypeCollisionTest {
    private static final KeyId BYTES_07 = KeyId.of(new byte[] {0x07});

    @Test
    void aBoundWithAnIdTypeNoRegisteredTypeHasThereIsRefused() {
        KeyPathTable posts = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName("collide")).register(Post.class).build();
        posts.bootstrap();
        KeyPath bytesPrefix = KeyPath.of("user", UUID.randomUUID()).then("post", BYTES_07);
        assertThatThrownBy(() -> posts.query(q -> q.subtree(bytesPrefix)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BYTES id at position 1 (post)")
                .hasMessageContaining("[INTEGER]");
        assertThatThrownBy(() -> posts.query(q -> q.subtree(KeyPath.of("user", "not-a-uuid"))))
                .hasMessageContaining("STRING id at position 0 (user)").hasMessageContaining("[BYTES]");
        assertThat(posts.query(q -> q.subtree(KeyPath.of("user", UUID.randomUUID()).then("post", 7))).items())
                .as("the registered type's own id type is fine").isEmpty();
    }

    @Test
    void aBoundBeyondDynamoDbsKeySizeIsRefusedBeforeAnyRequest() {
        KeyPathTable table = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName("never-created")
                .register(Model.StringPost.class).build();
        UUID u = UUID.randomUUID();
        String longSlug = "s".repeat(1100);
        assertThatThrownBy(() -> table.query(q -> q.between(KeyPath.of("user", u).then("post", "a"),
                KeyPath.of("user", u).then("post", longSlug)))).isInstanceOf(KeyTooLargeException.class)
                .hasMessageContaining("1024");
    }

    @Test
    void whereTypesMayCollideTheScannedCountShowsTheAmplification() {
        KeyPathTable table = TableFixture.newTable("collide"); // registers Post (long), StringPost and BytesPost
        UUID u = UUID.randomUUID();
        KeyPath prefix = KeyPath.of("user", u).then("post", BYTES_07);
        KeyRange range = KeyRange.subtree(prefix);
        int admitted = 0;
        for (long id = -240; id >= -255; id--) {
            Post post = table.put(Post.of(u, id, "negative " + id, null));
            byte[] sk = table.keyPathOf(post).sortKey();
            if (Arrays.compareUnsigned(range.lowerSortKey(), sk) <= 0
                    && Arrays.compareUnsigned(sk, range.upperSortKey()) <= 0) {
                admitted++; // a one-byte negative whose inverted byte is 00 or 01 sorts inside the bytes id's bounds
            }
        }
        assertThat(admitted).isPositive();
        Page<Object> page = table.query(q -> q.subtree(prefix));
        assertThat(page.items()).as("the integers are not in the bytes id's subtree").isEmpty();
        assertThat(page.scannedCount()).as("but DynamoDB read them").isEqualTo(admitted);
        Page<Object> own = table.query(q -> q.subtree(KeyPath.of("user", u).then("post", -250)));
        assertThat(own.items()).hasSize(1);
        assertThat(own.scannedCount()).isEqualTo(1);
    }
}
