package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.streams.Model.User;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** The table builder's {@code streams(viewType)}: bootstrap enables the stream, or refuses another view type. */
@KeyPathDynamoDb(types = User.class)
class StreamBootstrapTest {
    @Injected
    static DynamoDbClient client;

    private static KeyPathTable table(String name, StreamViewType view) {
        KeyPathTable.Builder b = KeyPathTables.builder().client(client).tableName(name).register(User.class);
        return (view == null ? b : b.streams(view)).build();
    }

    private static StreamSpecification stream(String name) {
        return client.describeTable(d -> d.tableName(name)).table().streamSpecification();
    }

    @Test
    void aNewTableIsCreatedWithTheStream() {
        String name = TestDynamoDb.uniqueTableName("created");
        try {
            assertThat(table(name, StreamViewType.NEW_IMAGE).bootstrap()).isEqualTo(TableStatus.CREATED);

            assertThat(stream(name).streamEnabled()).isTrue();
            assertThat(stream(name).streamViewType()).isEqualTo(StreamViewType.NEW_IMAGE);
        } finally {
            client.deleteTable(d -> d.tableName(name));
        }
    }

    @Test
    void anExistingTableWithoutAStreamGetsOneAndAnotherViewTypeIsRefused() {
        String name = TestDynamoDb.uniqueTableName("existing");
        try {
            table(name, null).bootstrap();
            assertThat(stream(name) == null || !Boolean.TRUE.equals(stream(name).streamEnabled())).isTrue();

            assertThat(table(name, StreamViewType.KEYS_ONLY).bootstrap()).isEqualTo(TableStatus.EXISTED);
            assertThat(stream(name).streamViewType()).isEqualTo(StreamViewType.KEYS_ONLY);
            assertThat(table(name, StreamViewType.KEYS_ONLY).bootstrap()).isEqualTo(TableStatus.EXISTED);
            assertThatThrownBy(() -> table(name, StreamViewType.NEW_AND_OLD_IMAGES).bootstrap())
                    .isInstanceOf(TableSchemaMismatchException.class)
                    .hasMessageContaining("stream of view type KEYS_ONLY").hasMessageContaining("NEW_AND_OLD_IMAGES");
            table(name, null).bootstrap(); // without the option, bootstrap leaves the stream alone
            assertThat(stream(name).streamViewType()).isEqualTo(StreamViewType.KEYS_ONLY);
        } finally {
            client.deleteTable(d -> d.tableName(name));
        }
    }
}
