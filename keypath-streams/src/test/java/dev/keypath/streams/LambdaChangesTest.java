package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.streams.Model.User;
import dev.keypath.streams.lambda.LambdaChanges;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * {@link LambdaChanges#handle}: the batch item failures Lambda's {@code ReportBatchItemFailures} expects, from an
 * event of real stream records in Lambda's JSON shape.
 */
@KeyPathDynamoDb(types = User.class, customizers = Model.NewAndOldImages.class)
class LambdaChangesTest {
    @Injected
    static KeyPathTable table;
    private static List<Record> records;
    private static final List<User> USERS = new ArrayList<>();
    private final LambdaChanges changes = new LambdaChanges(ChangeDecoder.ofTypes(User.class));

    @BeforeAll
    static void writeFiveUsers() {
        for (int i = 0; i < 5; i++) {
            USERS.add(table.put(new User(UUID.randomUUID(), "user " + i, null)));
        }
        String arn = ChangeFeedReader.builder().client(Streams.client()).tableName(table.tableName())
                .decoder(ChangeDecoder.untyped()).build().streamArn();
        records = Streams.rawRecords(Streams.client(), arn).stream().filter(r -> !Streams.ofLayoutRecord(r))
                .toList(); // the users' records, after the table's layout record written at bootstrap
    }

    private static DynamodbEvent event(List<Record> records) {
        return LambdaJson.read(LambdaJson.event(records));
    }

    private static String seq(int i) {
        return records.get(i).dynamodb().sequenceNumber();
    }

    @Test
    void aBatchHandledWithoutFailureReportsNone() {
        List<Object> handled = new ArrayList<>();

        StreamsEventResponse response = changes.handle(event(records), c -> handled.add(c.newImage().orElseThrow()));

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(handled).containsExactlyElementsOf(USERS);
    }

    @Test
    void theFirstFailingHandlerCallIsTheOnlyFailureAndNothingAfterItRuns() {
        List<Object> handled = new ArrayList<>();
        List<String> told = new ArrayList<>();

        StreamsEventResponse response = changes.handle(event(records), c -> {
            User u = c.newImage(User.class).orElseThrow();
            if (u.name().equals("user 2")) {
                throw new IllegalStateException("index unavailable");
            }
            handled.add(u);
        }, (record, failure) -> told.add(record.getDynamodb().getSequenceNumber() + " " + failure.getMessage()));

        assertThat(response.getBatchItemFailures()).extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .containsExactly(seq(2));
        assertThat(handled).containsExactlyElementsOf(USERS.subList(0, 2));
        assertThat(told).containsExactly(seq(2) + " index unavailable");
    }

    @Test
    void anUnreadableRecordIsTheFailureAtItsSequenceNumber() {
        List<Record> withGhost = new ArrayList<>(records);
        Record third = records.get(3);
        withGhost.set(3, third.toBuilder().dynamodb(third.dynamodb().toBuilder().newImage(
                withType(third.dynamodb().newImage(), "Ghost")).build()).build());
        List<Exception> told = new ArrayList<>();

        StreamsEventResponse response = changes.handle(event(withGhost), c -> { }, (r, e) -> told.add(e));

        assertThat(response.getBatchItemFailures()).extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .containsExactly(seq(3));
        assertThat(told).singleElement().isInstanceOf(UnreadableChangeException.class)
                .extracting(Throwable::getMessage).asString().contains("'Ghost', which is not registered");
    }

    private static java.util.Map<String, AttributeValue> withType(java.util.Map<String, AttributeValue> image,
            String type) {
        java.util.Map<String, AttributeValue> copy = new java.util.LinkedHashMap<>(image);
        copy.put("_type", AttributeValue.fromS(type));
        return copy;
    }

    @Test
    void anEmptyEventIsHandledWithoutFailures() {
        assertThat(changes.handle(new DynamodbEvent(), c -> { }).getBatchItemFailures()).isEmpty();
    }
}
