package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.streams.Model.Post;
import dev.keypath.streams.Model.Session;
import dev.keypath.streams.Model.User;
import dev.keypath.streams.lambda.LambdaChanges;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * A scripted workload on DynamoDB Local (puts, replacements, updates, deletes, sequence ids and items that
 * expire through the engine's TTL process), read back through the table's real stream.
 */
@KeyPathDynamoDb(types = {User.class, Post.class, Session.class}, customizers = Model.NewAndOldImages.class)
class ChangeFeedWorkloadTest {
    @Injected
    static KeyPathTable table;
    @Injected
    static KeyPathAsyncTable async;

    private static final UUID ALICE = UUID.randomUUID();
    private static final UUID BOB = UUID.randomUUID();
    /** Per key path, the (kind, old, new) the stream must give, in order. */
    private static final Map<KeyPath, List<Expected>> EXPECTED = new LinkedHashMap<>();
    private static final List<Session> EXPIRED = new ArrayList<>();
    private static String streamArn;
    private static List<Record> raw;

    record Expected(ChangeKind kind, Object oldImage, Object newImage) {
    }

    @BeforeAll
    static void runTheWorkload() throws InterruptedException {
        Instant past = Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.SECONDS);
        for (int i = 0; i < 2; i++) {
            Session s = table.put(new Session(UUID.randomUUID(), "alice", past));
            EXPIRED.add(s);
            expect(s, ChangeKind.INSERT, null, s);
        }
        Session live = table.put(new Session(UUID.randomUUID(), "bob", Instant.now().plusSeconds(3600)
                .truncatedTo(ChronoUnit.SECONDS)));
        expect(live, ChangeKind.INSERT, null, live);

        User alice = table.put(new User(ALICE, "alice", null));
        expect(alice, ChangeKind.INSERT, null, alice);
        User renamed = table.put(new User(ALICE, "alice smith", alice.version()));
        expect(renamed, ChangeKind.MODIFY, alice, renamed);
        User bob = table.put(new User(BOB, "bob", null));
        expect(bob, ChangeKind.INSERT, null, bob);
        table.delete(bob);
        expect(bob, ChangeKind.REMOVE, bob, null);

        Post first = table.put(new Post(ALICE, 0, "first", List.of("a")));
        expect(first, ChangeKind.INSERT, null, first);
        Post second = table.put(new Post(ALICE, 0, "second", List.of()));
        expect(second, ChangeKind.INSERT, null, second);
        Post retitled = table.update(Post.class, table.keyPathOf(first),
                UpdateSpec.of(u -> u.set("title", "first, edited")));
        expect(retitled, ChangeKind.MODIFY, first, retitled);
        Post bobs = table.put(new Post(BOB, 0, "bob's", List.of("x", "y")));
        expect(bobs, ChangeKind.INSERT, null, bobs);
        table.delete(second);
        expect(second, ChangeKind.REMOVE, second, null);
        User renamedAgain = table.put(new User(ALICE, "a. smith", renamed.version()));
        expect(renamedAgain, ChangeKind.MODIFY, renamed, renamedAgain);

        streamArn = ChangeFeedReader.builder().client(Streams.client()).tableName(table.tableName())
                .decoder(ChangeDecoder.untyped()).build().streamArn();
        // DynamoDB Local's TTL job runs every 10 s once TTL is enabled (after 15 s in the ENABLING state).
        for (Session s : EXPIRED) {
            KeyPath path = table.keyPathOf(s);
            Streams.awaitRecord(Streams.client(), streamArn, r -> isLocalTtlRecord(r)
                    && KeyPath.decode(r.dynamodb().keys().get("pk").b().asByteArray(),
                            r.dynamodb().keys().get("sk").b().asByteArray()).equals(path), Streams.TTL_WAIT);
        }
        raw = Streams.rawRecords(Streams.client(), streamArn);
    }

    private static void expect(Object item, ChangeKind kind, Object oldImage, Object newImage) {
        EXPECTED.computeIfAbsent(table.keyPathOf(item), k -> new ArrayList<>())
                .add(new Expected(kind, oldImage, newImage));
    }

    /** DynamoDB Local's shape of a TTL deletion (see {@link Streams#asServiceTtlDeletion}). */
    private static boolean isLocalTtlRecord(Record r) {
        return r.eventName() == OperationType.UNKNOWN_TO_SDK_VERSION && r.dynamodb().hasOldImage();
    }

    private static ChangeFeedReader reader(ChangeDecoder decoder) {
        return ChangeFeedReader.builder().client(Streams.client()).streamArn(streamArn).decoder(decoder).build();
    }

    @Test
    void everyChangeComesOutTypedExactAndInOrderPerKey() {
        List<ItemChange> changes = Streams.drain(reader(ChangeDecoder.forTable(table)
                .withUnreadable(UnreadablePolicy.FLAG)));

        Map<KeyPath, List<Expected>> actual = changes.stream().filter(ItemChange::isReadable)
                .collect(Collectors.groupingBy(c -> c.keyPath().orElseThrow(), LinkedHashMap::new,
                        Collectors.mapping(c -> new Expected(c.kind().orElseThrow(), c.oldImage().orElse(null),
                                c.newImage().orElse(null)), Collectors.toList())));
        assertThat(actual).isEqualTo(EXPECTED);
        assertThat(changes).filteredOn(ItemChange::isReadable).allSatisfy(c -> {
            assertThat(c.type()).contains(c.newImage().or(c::oldImage).orElseThrow().getClass());
            assertThat(c.typeName()).contains(c.type().orElseThrow().getSimpleName());
            assertThat(c.isExpiry()).isFalse();
            assertThat(c.isInternal()).isFalse();
            assertThat(c.approximateCreationTime()).isPresent();
        });
        assertThat(changes).extracting(c -> c.sequenceNumber().orElseThrow())
                .isSortedAccordingTo((a, b) -> new java.math.BigInteger(a).compareTo(new java.math.BigInteger(b)));
    }

    @Test
    void engineTtlRecordsAreFlaggedAsTheyArriveFromDynamoDbLocal() {
        List<ItemChange> flagged = Streams.drain(reader(ChangeDecoder.forTable(table)
                .withUnreadable(UnreadablePolicy.FLAG))).stream().filter(c -> !c.isReadable()).toList();

        assertThat(flagged).extracting(c -> c.keyPath().orElseThrow())
                .containsExactlyInAnyOrderElementsOf(EXPIRED.stream().map(table::keyPathOf).toList());
        assertThat(flagged).allSatisfy(c -> {
            assertThat(c.problem().orElseThrow()).hasMessageContaining("Event name 'UNKNOWN_TO_SDK_VERSION'");
            assertThat(c.oldImage()).isEmpty();
            assertThat(c.oldAttributes()).isPresent();
        });
    }

    @Test
    void ttlDeletionsAreToldApartFromDeletesByTheirServiceIdentity() {
        ChangeDecoder decoder = ChangeDecoder.forTable(table);
        List<ItemChange> expiries = raw.stream().filter(ChangeFeedWorkloadTest::isLocalTtlRecord)
                .map(Streams::asServiceTtlDeletion).map(r -> decoder.decode(r).orElseThrow()).toList();

        assertThat(expiries).hasSize(EXPIRED.size()).allSatisfy(c -> {
            assertThat(c.kind()).contains(ChangeKind.REMOVE);
            assertThat(c.isExpiry()).isTrue();
            assertThat(c.newImage()).isEmpty();
        });
        assertThat(expiries).extracting(c -> c.oldImage(Session.class).orElseThrow())
                .containsExactlyInAnyOrderElementsOf(EXPIRED);
        Optional<ItemChange> userDelete = raw.stream().filter(r -> r.eventName() == OperationType.REMOVE)
                .map(r -> decoder.decode(r).orElseThrow()).filter(c -> c.type().orElseThrow() == User.class)
                .findFirst();
        assertThat(userDelete).hasValueSatisfying(c -> assertThat(c.isExpiry()).isFalse());
    }

    @Test
    void sequenceCountersAreInternalAndLeftOutUnlessAskedFor() {
        ChangeDecoder typed = ChangeDecoder.forTable(table);
        List<Record> counters = raw.stream().filter(r -> "_kp_sequence".equals(
                Optional.ofNullable(r.dynamodb().newImage().get("_type")).map(a -> a.s()).orElse(null))).toList();

        assertThat(counters).hasSizeGreaterThanOrEqualTo(2);
        assertThat(counters).allSatisfy(r -> assertThat(typed.decode(r)).isEmpty());
        assertThat(counters).allSatisfy(r -> assertThat(typed.withInternalItems(InternalItems.INCLUDE).decode(r))
                .hasValueSatisfying(c -> {
                    assertThat(c.isInternal()).isTrue();
                    assertThat(c.typeName()).contains("_kp_sequence");
                    assertThat(c.type()).isEmpty();
                    assertThat(c.keyPath().orElseThrow().namespace(0)).isEqualTo("_kp_seq");
                }));
    }

    @Test
    void theSameRecordsInLambdasJsonEventDecodeIdentically() {
        List<Record> records = raw.stream().map(r -> isLocalTtlRecord(r) ? Streams.asServiceTtlDeletion(r) : r)
                .toList();
        ChangeDecoder decoder = ChangeDecoder.forTable(table).withInternalItems(InternalItems.INCLUDE);
        String json = LambdaJson.event(records);

        DynamodbEvent event = LambdaJson.read(json);
        List<ItemChange> fromLambda = new LambdaChanges(decoder).decode(event);

        assertThat(json).contains("\"B\":\"");
        assertThat(fromLambda).hasSize(records.size())
                .isEqualTo(records.stream().map(r -> decoder.decode(r).orElseThrow()).toList());
        assertThat(fromLambda).filteredOn(ItemChange::isExpiry).hasSize(EXPIRED.size());
    }

    @Test
    void theSyncAndAsyncTablesGiveDecodersOfTheSameTypes() {
        ChangeDecoder fromAsync = ChangeDecoder.forTable(async);

        assertThat(fromAsync.typeNames()).containsExactlyInAnyOrder("User", "Post", "Session");
        assertThat(async.registeredTypes()).isEqualTo(table.registeredTypes());
        assertThat(raw.stream().map(r -> fromAsync.withUnreadable(UnreadablePolicy.FLAG).decode(r)).toList())
                .isEqualTo(raw.stream().map(r -> ChangeDecoder.forTable(table).withUnreadable(UnreadablePolicy.FLAG)
                        .decode(r)).toList());
    }

    @Test
    void anUntypedDecoderGivesKeyPathsTypeNamesAndRawImages() {
        List<ItemChange> changes = Streams.drain(reader(ChangeDecoder.untyped()
                .withUnreadable(UnreadablePolicy.FLAG))).stream().filter(ItemChange::isReadable).toList();

        assertThat(changes).hasSize(EXPECTED.values().stream().mapToInt(List::size).sum());
        assertThat(changes).allSatisfy(c -> {
            assertThat(c.type()).isEmpty();
            assertThat(c.newImage()).isEmpty();
            assertThat(c.typeName()).isPresent();
            assertThat(c.newAttributes().or(c::oldAttributes)).isPresent();
        });
    }
}
