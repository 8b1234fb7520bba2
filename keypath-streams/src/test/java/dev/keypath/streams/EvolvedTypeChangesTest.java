package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The change feed reads an image written by an older version of a type (a field and the type since renamed) as
 * the current version, by the old type name as by the new, and a decoder of the old version refuses an image of the
 * new one as unreadable instead of misreading it.
 */
@KeyPathDynamoDb(types = EvolvedTypeChangesTest.Member.class, customizers = Model.NewAndOldImages.class)
class EvolvedTypeChangesTest {
    @ItemType(keyPath = "/member-{id}", name = "Person")
    record Person(String id, String name) {
    }

    @ItemType(keyPath = "/member-{id}", name = "Member", version = 2)
    record Member(String id, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName").typeRenamed("Person", "Member")));
        }
    }

    @Injected
    static KeyPathTable table;
    @Injected
    static DynamoDbClient client;

    @Test
    void imagesOfTheOlderVersionReadAsTheCurrentOne() {
        KeyPathTable old = KeyPathTables.builder().client(client).tableName(table.tableName()).register(Person.class)
                .build();
        String id = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("member", id);
        old.put(new Person(id, "Ada"));
        table.put(new Member(id, "Ada Lovelace"));

        String arn = client.describeTable(r -> r.tableName(table.tableName())).table().latestStreamArn();
        SdkBytes pk = SdkBytes.fromByteArray(path.partitionKey());
        List<Record> records = Streams.rawRecords(Streams.client(), arn).stream()
                .filter(r -> r.dynamodb().keys().get("pk").b().equals(pk)).toList();
        assertThat(records).hasSize(2);
        ChangeDecoder decoder = ChangeDecoder.forTable(table);
        assertThat(decoder.typeNames()).containsExactlyInAnyOrder("Member", "Person");
        ItemChange insert = decoder.decode(records.get(0)).orElseThrow();
        assertThat(insert.typeName()).contains("Person");
        assertThat(insert.type()).contains(Member.class);
        assertThat(insert.newImage()).contains(new Member(id, "Ada"));
        ItemChange modify = decoder.decode(records.get(1)).orElseThrow();
        assertThat(modify.oldImage()).contains(new Member(id, "Ada"));
        assertThat(modify.newImage()).contains(new Member(id, "Ada Lovelace"));

        ChangeDecoder older = ChangeDecoder.ofTypes(Person.class).withUnreadable(UnreadablePolicy.FLAG);
        assertThat(older.decode(records.get(0)).orElseThrow().newImage()).contains(new Person(id, "Ada"));
        assertThat(older.decode(records.get(1)).orElseThrow().problem()).isPresent();
    }
}
