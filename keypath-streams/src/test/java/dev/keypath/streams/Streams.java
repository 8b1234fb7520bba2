package dev.keypath.streams;

import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.Identity;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** The engine's streams API and ways to read a stream's raw records in tests. */
final class Streams {
    private static DynamoDbStreamsClient client;

    private Streams() {
    }

    /** The streams client of the test engine (same endpoint as its DynamoDB API). */
    static synchronized DynamoDbStreamsClient client() {
        if (client == null) {
            TestDynamoDb db = TestDynamoDb.get();
            client = DynamoDbStreamsClient.builder().endpointOverride(db.endpoint()).region(db.region())
                    .credentialsProvider(db.credentials()).build();
        }
        return client;
    }

    /** Polls until a round reads nothing, returning every batch's changes in order. */
    static List<ItemChange> drain(ChangeFeedReader reader) {
        List<ItemChange> out = new ArrayList<>();
        ChangeBatch batch;
        do {
            batch = reader.poll();
            out.addAll(batch.changes());
        } while (!batch.isEmpty());
        return out;
    }

    /** Every raw record of the table's stream so far, shard by shard from the trim horizon. */
    static List<Record> rawRecords(DynamoDbStreamsClient streams, String streamArn) {
        List<Record> out = new ArrayList<>();
        for (var shard : streams.describeStream(r -> r.streamArn(streamArn)).streamDescription().shards()) {
            String it = streams.getShardIterator(r -> r.streamArn(streamArn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            while (it != null) {
                String current = it;
                var page = streams.getRecords(r -> r.shardIterator(current));
                out.addAll(page.records());
                if (page.records().isEmpty()) {
                    break;
                }
                it = page.nextShardIterator();
            }
        }
        return out;
    }

    /**
     * Whether {@code record} is a change of the table's layout record (docs/FORMAT.md, section 12), which a table
     * writes at bootstrap, so that a stream enabled with the table starts with it.
     */
    static boolean ofLayoutRecord(Record record) {
        var image = record.dynamodb().hasNewImage() ? record.dynamodb().newImage() : record.dynamodb().oldImage();
        return image != null && image.get("_type") != null && "_kp_layout".equals(image.get("_type").s());
    }

    /** Polls raw records until one matches, for at most {@code timeout}. */
    static Record awaitRecord(DynamoDbStreamsClient streams, String streamArn, Predicate<Record> wanted,
            Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            for (Record r : rawRecords(streams, streamArn)) {
                if (wanted.test(r)) {
                    return r;
                }
            }
            Thread.sleep(500);
        }
        throw new AssertionError("No matching stream record within " + timeout);
    }

    /**
     * A TTL deletion as DynamoDB sends it: {@code REMOVE} by the user identity {@code Service} /
     * {@code dynamodb.amazonaws.com}. DynamoDB Local 3.3.1 deletes expired items and writes their records, but
     * hands them out with the event name {@code UNKNOWN_TO_SDK_VERSION} and no user identity (its conversion
     * of its internal {@code EXPIRE} to that shape compares an enum with a string and never applies); this copies
     * such a real record and sets the two fields as the service sets them.
     */
    static Record asServiceTtlDeletion(Record localTtlRecord) {
        return localTtlRecord.toBuilder().eventName(OperationType.REMOVE)
                .userIdentity(Identity.builder().type("Service").principalId("dynamodb.amazonaws.com").build())
                .build();
    }

    static final Duration TTL_WAIT = Duration.ofSeconds(40);
}
