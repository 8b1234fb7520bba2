package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.streams.Model.Post;
import dev.keypath.streams.Model.Session;
import dev.keypath.streams.Model.User;
import dev.keypath.streams.lambda.LambdaChanges;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Identity;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import tools.jackson.core.JacksonException;

/**
 * 10^5 random mutations of real stream records (corrupted keys, wrong and unknown types, missing and extra images,
 * contradictory kinds and view types, attributes of the wrong type, missing sequence numbers): each decodes to a
 * change that agrees with its record or to an {@link UnreadableChangeException}, never to another exception; and
 * the same record in Lambda's JSON event (one in 25) decodes to the same change or the same error.
 */
@KeyPathDynamoDb(types = {User.class, Post.class, Session.class}, customizers = Model.NewAndOldImages.class)
class ChangeFuzzTest {
    private static final int RECORDS = 100_000;
    /** One record in this many also goes through Lambda's JSON event (the JSON round trip is the slow part). */
    private static final int LAMBDA_EVERY = 25;
    private static final String[] EVENT_NAMES = {"INSERT", "MODIFY", "REMOVE", "EXPIRE", "", null};
    private static final String[] VIEW_TYPES = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "ALL",
        null};
    private static final String[] TYPE_NAMES = {"User", "Post", "Session", "_kp_sequence", "Ghost", ""};

    @Injected
    static KeyPathTable table;
    private static List<Record> seeds;

    @BeforeAll
    static void recordARealWorkload() {
        UUID alice = UUID.randomUUID();
        User u = table.put(new User(alice, "alice", null));
        table.put(new User(alice, "alice b", u.version()));
        Post p = table.put(new Post(alice, 0, "hello", List.of("a", "b")));
        table.update(Post.class, table.keyPathOf(p), UpdateSpec.of(s -> s.set("title", "hello again")));
        table.put(new Post(alice, 0, "second", List.of()));
        table.delete(p);
        Session s = table.put(new Session(UUID.randomUUID(), "alice", Instant.parse("2030-01-01T00:00:00Z")));
        table.delete(s);
        String arn = ChangeFeedReader.builder().client(Streams.client()).tableName(table.tableName())
                .decoder(ChangeDecoder.untyped()).build().streamArn();
        seeds = Streams.rawRecords(Streams.client(), arn);
    }

    @Test
    void mutatedRecordsGiveAChangeThatAgreesWithTheRecordOrATypedError() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        ChangeDecoder decoder = ChangeDecoder.forTable(table).withInternalItems(InternalItems.INCLUDE);
        LambdaChanges lambda = new LambdaChanges(decoder);
        int readable = 0;
        int unreadable = 0;
        for (int i = 0; i < RECORDS; i++) {
            Record record = mutate(seeds.get(random.nextInt(seeds.size())), random);
            Optional<ItemChange> change;
            try {
                change = decoder.decode(record);
            } catch (UnreadableChangeException e) {
                unreadable++;
                assertThat(e.getMessage()).isNotBlank();
                DynamodbEvent.DynamodbStreamRecord inLambda = i % LAMBDA_EVERY == 0 ? inLambdasEvent(record) : null;
                if (inLambda != null) {
                    Throwable viaLambda = lambdaOutcome(lambda, inLambda, seed);
                    assertThat(viaLambda).as("seed %d, record %s", seed, record)
                            .isInstanceOf(UnreadableChangeException.class).hasMessage(e.getMessage());
                }
                continue;
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + ": " + e + " for " + record, e);
            }
            readable++;
            change.ifPresent(c -> agreesWithItsRecord(c, record, seed));
            DynamodbEvent.DynamodbStreamRecord inLambda = i % LAMBDA_EVERY == 0 ? inLambdasEvent(record) : null;
            if (inLambda != null) {
                assertThat(lambda.decode(inLambda)).as("seed %d, record %s", seed, record).isEqualTo(change);
            }
        }
        assertThat(readable).isGreaterThan(RECORDS / 20);
        assertThat(unreadable).isGreaterThan(RECORDS / 2);
    }

    /**
     * The record as Lambda's Java runtime hands it over, or null when the events library cannot hold it (a view type
     * it does not know fails the event's deserialization before any handler runs).
     */
    private static DynamodbEvent.DynamodbStreamRecord inLambdasEvent(Record record) {
        try {
            return LambdaJson.read(LambdaJson.event(List.of(record))).getRecords().get(0);
        } catch (JacksonException e) {
            return null;
        }
    }

    private static Throwable lambdaOutcome(LambdaChanges lambda, DynamodbEvent.DynamodbStreamRecord record, long seed) {
        try {
            lambda.decode(record);
            return null;
        } catch (UnreadableChangeException e) {
            return e;
        } catch (RuntimeException e) {
            throw new AssertionError("seed " + seed + ": " + e + " through Lambda's event for " + record, e);
        }
    }

    /** A readable change's key path, type and objects are those of its record, never another item's. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void agreesWithItsRecord(ItemChange c, Record record, long seed) {
        assertThat(c.sequenceNumber()).contains(record.dynamodb().sequenceNumber());
        assertThat(c.keyPath().orElseThrow().partitionKey())
                .isEqualTo(record.dynamodb().keys().get("pk").b().asByteArray());
        for (Object image : new Object[] {c.oldImage().orElse(null), c.newImage().orElse(null)}) {
            if (image != null) {
                ItemSchema schema = table.schema(image.getClass());
                assertThat(schema.keyPathOf(image)).as("seed %d", seed).isEqualTo(c.keyPath().orElseThrow());
            }
        }
        c.newImage().ifPresent(img -> assertThat(record.dynamodb().newImage().get("_type").s())
                .isEqualTo(table.schema(img.getClass()).typeName()));
        c.oldImage().ifPresent(img -> assertThat(record.dynamodb().oldImage().get("_type").s())
                .isEqualTo(table.schema(img.getClass()).typeName()));
    }

    private static Record mutate(Record seed, Random random) {
        Record.Builder r = seed.toBuilder();
        StreamRecord d = seed.dynamodb();
        Map<String, AttributeValue> keys = new LinkedHashMap<>(d.keys());
        Map<String, AttributeValue> oldImage = d.hasOldImage() ? new LinkedHashMap<>(d.oldImage()) : null;
        Map<String, AttributeValue> newImage = d.hasNewImage() ? new LinkedHashMap<>(d.newImage()) : null;
        StreamRecord.Builder s = d.toBuilder();
        boolean dropDynamodb = false;
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            switch (random.nextInt(14)) {
                case 0 -> corruptKey(keys, "pk", random);
                case 1 -> corruptKey(keys, "sk", random);
                case 2 -> keys.put(random.nextBoolean() ? "pk" : "sk", randomValue(random, 0));
                case 3 -> {
                    if (random.nextBoolean()) {
                        keys.remove(random.nextBoolean() ? "pk" : "sk");
                    } else {
                        keys.put("other", AttributeValue.fromS("x"));
                    }
                }
                case 4 -> retype(random.nextBoolean() ? oldImage : newImage, random);
                case 5 -> {
                    int what = random.nextInt(3);
                    if (what == 0) {
                        oldImage = null;
                    } else if (what == 1) {
                        newImage = null;
                    } else {
                        Map<String, AttributeValue> t = oldImage;
                        oldImage = newImage;
                        newImage = t;
                    }
                }
                case 6 -> r.eventName(EVENT_NAMES[random.nextInt(EVENT_NAMES.length)]);
                case 7 -> s.streamViewType(VIEW_TYPES[random.nextInt(VIEW_TYPES.length)]);
                case 8 -> s.sequenceNumber(random.nextBoolean() ? null : " ");
                case 9 -> mutateAttribute(random.nextBoolean() ? oldImage : newImage, random);
                case 10 -> {
                    Record other = seeds.get(random.nextInt(seeds.size()));
                    Map<String, AttributeValue> image = random.nextBoolean() ? oldImage : newImage;
                    if (image != null) {
                        image.put("pk", other.dynamodb().keys().get("pk"));
                        image.put("sk", other.dynamodb().keys().get("sk"));
                    }
                }
                case 11 -> dropDynamodb = random.nextInt(10) == 0;
                case 12 -> r.userIdentity(Identity.builder().type(random.nextBoolean() ? "Service" : "User")
                        .principalId(random.nextBoolean() ? "dynamodb.amazonaws.com" : null).build());
                default -> {
                    Map<String, AttributeValue> image = random.nextBoolean() ? oldImage : newImage;
                    if (image != null && !image.isEmpty()) {
                        List<String> names = new ArrayList<>(image.keySet());
                        image.put(names.get(random.nextInt(names.size())), AttributeValue.builder().build());
                    }
                }
            }
        }
        s.keys(keys).oldImage(oldImage).newImage(newImage);
        return r.dynamodb(dropDynamodb ? null : s.build()).build();
    }

    private static void corruptKey(Map<String, AttributeValue> keys, String name, Random random) {
        AttributeValue v = keys.get(name);
        byte[] bytes = v == null || v.b() == null ? new byte[0] : v.b().asByteArray();
        switch (random.nextInt(4)) {
            case 0 -> {
                if (bytes.length > 0) {
                    bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case 1 -> bytes = java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length + 1));
            case 2 -> {
                bytes = java.util.Arrays.copyOf(bytes, bytes.length + 1 + random.nextInt(4));
                bytes[bytes.length - 1] = (byte) random.nextInt(256);
            }
            default -> {
                bytes = new byte[random.nextInt(12)];
                random.nextBytes(bytes);
            }
        }
        keys.put(name, AttributeValue.fromB(SdkBytes.fromByteArray(bytes)));
    }

    private static void retype(Map<String, AttributeValue> image, Random random) {
        if (image == null) {
            return;
        }
        switch (random.nextInt(3)) {
            case 0 -> image.remove("_type");
            case 1 -> image.put("_type", AttributeValue.fromN("7"));
            default -> image.put("_type", AttributeValue.fromS(TYPE_NAMES[random.nextInt(TYPE_NAMES.length)]));
        }
    }

    private static void mutateAttribute(Map<String, AttributeValue> image, Random random) {
        if (image == null) {
            return;
        }
        String[] names = {"name", "version", "title", "tags", "owner", "expiresAt", "_ttl", "n", "extra"};
        String name = names[random.nextInt(names.length)];
        if (random.nextInt(4) == 0) {
            image.remove(name);
        } else {
            image.put(name, randomValue(random, 0));
        }
    }

    private static AttributeValue randomValue(Random random, int depth) {
        return switch (random.nextInt(depth > 1 ? 7 : 10)) {
            case 0 -> AttributeValue.fromS(random.nextBoolean() ? "text" : String.valueOf(random.nextLong()));
            case 1 -> AttributeValue.fromN(random.nextBoolean() ? String.valueOf(random.nextInt()) : "1e400");
            case 2 -> AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {(byte) random.nextInt(256)}));
            case 3 -> AttributeValue.fromBool(random.nextBoolean());
            case 4 -> AttributeValue.fromNul(true);
            case 5 -> AttributeValue.fromSs(List.of("a", "b"));
            case 6 -> AttributeValue.fromNs(List.of("1", "2.5"));
            case 7 -> AttributeValue.fromL(List.of(randomValue(random, depth + 1), randomValue(random, depth + 1)));
            case 8 -> AttributeValue.fromM(Map.of("k", randomValue(random, depth + 1)));
            default -> AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {1})));
        };
    }
}
