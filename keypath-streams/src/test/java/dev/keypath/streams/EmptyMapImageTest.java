package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.streams.lambda.LambdaChanges;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TablePer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * DynamoDB Local streams an empty map ({@code {"M": {}}}) as an attribute with no type at all ({@code {}}), at any
 * depth. Every reader (the decoder, the checkpointed reader, the Lambda adapter) reads it as the empty map it was,
 * and a class whose field cannot be a map finds the image unreadable, naming the attribute.
 */
@KeyPathDynamoDb(types = EmptyMapImageTest.Profile.class, customizers = Model.NewAndOldImages.class,
        tablePer = TablePer.METHOD)
class EmptyMapImageTest {
    @ItemType(keyPath = "/profile-{profileId}")
    record Profile(UUID profileId, String name, Map<String, String> settings, Address address, List<Address> past) {
    }

    record Address(String street) {
    }

    @Injected
    KeyPathTable table;
    @Injected
    DynamoDbClient client;

    private Record storeAndReadBack(Map<String, AttributeValue> attributes) throws InterruptedException {
        KeyPath path = KeyPath.of("profile", UUID.randomUUID());
        Map<String, AttributeValue> item = new java.util.LinkedHashMap<>(attributes);
        item.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())));
        item.put("sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        item.put("_type", AttributeValue.fromS("Profile"));
        client.putItem(b -> b.tableName(table.tableName()).item(item));
        String arn = ChangeFeedReader.builder().client(Streams.client()).tableName(table.tableName())
                .decoder(ChangeDecoder.untyped()).build().streamArn();
        return Streams.awaitRecord(Streams.client(), arn, r -> !Streams.ofLayoutRecord(r), Duration.ofMinutes(2));
    }

    @Test
    void anEmptyMapThatTheEngineStreamsWithoutATypeReadsAsAnEmptyMapInEveryReader() throws Exception {
        Map<String, AttributeValue> empty = Map.of();
        Record record = storeAndReadBack(Map.of("name", AttributeValue.fromS("ada"),
                "settings", AttributeValue.fromM(empty), "address", AttributeValue.fromM(empty),
                "past", AttributeValue.fromL(List.of(AttributeValue.fromM(empty)))));
        assertThat(record.dynamodb().newImage().get("settings").type())
                .as("DynamoDB Local's stream record of an empty map")
                .isEqualTo(AttributeValue.Type.UNKNOWN_TO_SDK_VERSION);

        ItemChange typed = ChangeDecoder.forTable(table).decode(record).orElseThrow();
        ItemChange untyped = ChangeDecoder.untyped().decode(record).orElseThrow();
        List<ItemChange> read = Streams.drain(ChangeFeedReader.builder().client(Streams.client())
                .tableName(table.tableName()).decoder(ChangeDecoder.forTable(table)).build());
        DynamodbEvent event = LambdaJson.read(LambdaJson.event(List.of(record)));
        List<ItemChange> inLambda = new LambdaChanges(ChangeDecoder.forTable(table)).decode(event);

        Profile profile = typed.newImage(Profile.class).orElseThrow();
        assertThat(profile.settings()).isEmpty();
        assertThat(profile.address()).isEqualTo(new Address(null));
        assertThat(profile.past()).containsExactly(new Address(null));
        assertThat(untyped.newAttributes().orElseThrow().get("settings")).isEqualTo(AttributeValue.fromM(empty));
        assertThat(untyped.newAttributes().orElseThrow().get("past"))
                .isEqualTo(AttributeValue.fromL(List.of(AttributeValue.fromM(empty))));
        assertThat(read).containsExactly(typed);
        assertThat(inLambda).containsExactly(typed);
    }

    @Test
    void anEmptyMapWhereTheClassHasNoMapIsUnreadableNamingTheAttribute() throws Exception {
        Record record = storeAndReadBack(Map.of("name", AttributeValue.fromM(Map.of())));

        ItemChange flagged = ChangeDecoder.forTable(table).withUnreadable(UnreadablePolicy.FLAG).decode(record)
                .orElseThrow();

        assertThat(flagged.isReadable()).isFalse();
        assertThat(flagged.problem().orElseThrow()).hasMessageContaining("cannot be read as Profile")
                .hasMessageContaining("name");
    }
}
