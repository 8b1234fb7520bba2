package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.ReadCheckedTransaction;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Reads are eventually consistent unless asked otherwise, as DynamoDB's own default: every read that names no
 * consistency (a get, a projected get, a batch get, a query, a stream, a count, a scan, the key reads of a subtree
 * delete, the items a keys-only index leads to) sends {@code ConsistentRead} false, on both tables. A table built with
 * {@code readConsistency(STRONG)} sends true for the same reads, except on a global index, and a read that names its
 * consistency reads with it on either table. keypath's own reads that must see the latest write ask for a strongly
 * consistent read whatever the table's default: the reads of a read-checked transaction and of a read-modify-write,
 * the alias reads of a unique key path and of a write that keeps them, the probe of a sequence id, the read an update
 * makes of a missing nested value, a re-shard's reads of an item's former copy. Seen on the wire by an SDK interceptor,
 * on DynamoDB Local.
 */
class ReadConsistencyTest {
    private static final Reads READS = new Reads();
    private static final Duration LAYOUT_REFRESH = Duration.ofHours(1);
    private static DynamoDbClient client;
    private static DynamoDbAsyncClient asyncClient;
    private static String name;
    private static KeyPathTable table;
    private static KeyPathAsyncTable async;
    private static KeyPathTable strongTable;
    private static KeyPathAsyncTable strongAsync;

    /** A member with a unique e-mail address and a nested profile an update may find missing. */
    @ItemType(keyPath = "/member-{memberId}")
    @UniqueKeyPath("/email-{email}")
    record Member(UUID memberId, String email, String name, Stats stats) {
    }

    record Stats(long posts) {
    }

    /** A note with a sequence id, a global index by tag and a local, keys-only one by day. */
    @ItemType(keyPath = "/member-{memberId}/note-{noteId}")
    @SecondaryKeyPath(index = "byTag", keyPath = "/tag-{tag}/note-{noteId}")
    @SecondaryKeyPath(index = "byDay", keyPath = "/member-{memberId}/day-{day}", local = true,
            projection = IndexProjection.KEYS_ONLY)
    record Note(UUID memberId, @AutoId(AutoId.Strategy.SEQUENCE) long noteId, String tag, long day, String text) {
    }

    /** The view of a note's text. */
    record NoteText(String text) {
    }

    /** An entry kept in 2 shards. */
    @ItemType(keyPath = "/feed-{feed}/entry-{entryId}", name = "Entry")
    @Sharded(count = 2, by = "entryId")
    record EntryIn2(String feed, long entryId, String text) {
    }

    /** The same entry, its type being re-sharded from 2 shards to 4. */
    @ItemType(keyPath = "/feed-{feed}/entry-{entryId}", name = "Entry")
    @Sharded(count = 4, by = "entryId", formerCount = 2)
    record EntryTo4(String feed, long entryId, String text) {
    }

    /** One read request on the wire: its operation and whether it asked for a strongly consistent read. */
    record Read(String operation, boolean consistent) {
    }

    /**
     * Notes every read call the clients make, once per call (an SDK retry of an attempt, for example over a pooled
     * connection another test's cancelled request left closed, is not another read). Thread-safe.
     */
    static final class Reads implements ExecutionInterceptor {
        private final List<Read> reads = new CopyOnWriteArrayList<>();

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            SdkRequest r = context.request();
            if (r instanceof GetItemRequest g) {
                reads.add(new Read("GetItem", Boolean.TRUE.equals(g.consistentRead())));
            } else if (r instanceof QueryRequest q) {
                reads.add(new Read("Query", Boolean.TRUE.equals(q.consistentRead())));
            } else if (r instanceof ScanRequest s) {
                reads.add(new Read("Scan", Boolean.TRUE.equals(s.consistentRead())));
            } else if (r instanceof BatchGetItemRequest b) {
                for (KeysAndAttributes k : b.requestItems().values()) {
                    reads.add(new Read("BatchGetItem", Boolean.TRUE.equals(k.consistentRead())));
                }
            }
        }

        void clear() {
            reads.clear();
        }

        List<Read> reads() {
            return List.copyOf(reads);
        }
    }

    @BeforeAll
    static void setUp() {
        TestDynamoDb engine = TestDynamoDb.get();
        client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(READS)).build();
        asyncClient = engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(READS)).build();
        name = TestDynamoDb.uniqueTableName("consistency");
        // each table reads the layout record (a strongly consistent GetItem) when it starts and then once an hour, so
        // that the reads each test counts are the operation's own however long the run takes
        table = KeyPathTables.builder().client(client).tableName(name).register(Member.class, Note.class,
                EntryTo4.class).layoutRefresh(LAYOUT_REFRESH).build();
        async = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name).register(Member.class, Note.class,
                EntryTo4.class).layoutRefresh(LAYOUT_REFRESH).build();
        strongTable = KeyPathTables.builder().client(client).tableName(name).register(Member.class, Note.class,
                EntryTo4.class).readConsistency(ReadConsistency.STRONG).layoutRefresh(LAYOUT_REFRESH).build();
        strongAsync = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name).register(Member.class,
                Note.class, EntryTo4.class).readConsistency(ReadConsistency.STRONG).layoutRefresh(LAYOUT_REFRESH)
                .build();
        table.bootstrap();
        async.bootstrap().join();
        strongTable.bootstrap();
        strongAsync.bootstrap().join();
    }

    @AfterAll
    static void tearDown() {
        client.close();
        asyncClient.close();
    }

    @BeforeEach
    void clear() {
        READS.clear();
    }

    enum Kind { SYNC, ASYNC }

    private static <T> T call(Kind kind, KeyPathTable sync, KeyPathAsyncTable asyncTable,
                              Function<KeyPathTable, T> syncCall,
                              Function<KeyPathAsyncTable, CompletableFuture<T>> asyncCall) {
        if (kind == Kind.SYNC) {
            return syncCall.apply(sync);
        }
        try {
            return asyncCall.apply(asyncTable).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** A member with a note, written before the reads are noted. */
    private static Note stored() {
        UUID member = UUID.randomUUID();
        table.put(new Member(member, member + "@example.com", "kim", new Stats(0)));
        Note note = table.put(new Note(member, 0, "t-" + member, 20_000, "hello"));
        READS.clear();
        return note;
    }

    private static KeyPath pathOf(Note note) {
        return KeyPath.of("member", note.memberId()).then("note", note.noteId());
    }

    /** Every read a user makes without naming a consistency, on the table given. */
    private static void readsNamingNone(Kind kind, KeyPathTable sync, KeyPathAsyncTable asyncTable, Note note) {
        KeyPath path = pathOf(note);
        KeyPath member = KeyPath.of("member", note.memberId());
        Projection<NoteText> text = Projection.of(Note.class, NoteText.class);
        ItemQuery notes = ItemQuery.of(q -> q.subtree(member.then("note")));
        ItemQuery byDay = ItemQuery.of(q -> q.index("byDay").subtree(member));
        ItemScan scan = ItemScan.of(s -> s.types(Member.class).limit(1));

        Optional<Note> got = call(kind, sync, asyncTable, t -> t.get(Note.class, path), a -> a.get(Note.class, path));
        Optional<NoteText> view = call(kind, sync, asyncTable, t -> t.get(text, path), a -> a.get(text, path));
        List<Note> batch = call(kind, sync, asyncTable, t -> t.batchGet(Note.class, List.of(path)),
                a -> a.batchGet(Note.class, List.of(path)));
        Page<Object> page = call(kind, sync, asyncTable, t -> t.query(notes), a -> a.query(notes));
        Page<NoteText> views = call(kind, sync, asyncTable, t -> t.query(text, notes), a -> a.query(text, notes));
        Long count = call(kind, sync, asyncTable, t -> t.count(notes), a -> a.count(notes));
        Page<Object> hydrated = call(kind, sync, asyncTable, t -> t.query(byDay), a -> a.query(byDay));
        call(kind, sync, asyncTable, t -> t.scan(scan), a -> a.scan(scan));

        assertThat(got).isPresent();
        assertThat(view).isPresent();
        assertThat(batch).hasSize(1);
        assertThat(page.items()).hasSize(1);
        assertThat(views.items()).hasSize(1);
        assertThat(count).isEqualTo(1);
        assertThat(hydrated.items()).as("the item the keys-only index leads to").hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void readsThatNameNoConsistencyAreEventuallyConsistent(Kind kind) {
        Note note = stored();

        readsNamingNone(kind, table, async, note);
        call(kind, table, async, t -> t.deleteSubtree(pathOf(note)), a -> a.deleteSubtree(pathOf(note), 0));

        assertThat(table.readConsistency()).isEqualTo(ReadConsistency.EVENTUAL);
        assertThat(async.readConsistency()).isEqualTo(ReadConsistency.EVENTUAL);
        assertThat(READS.reads()).extracting(Read::operation)
                .contains("GetItem", "BatchGetItem", "Query", "Scan");
        assertThat(READS.reads()).as("every read naming no consistency").noneMatch(Read::consistent);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aTableThatReadsStronglyReadsEveryReadNamingNoneStronglyButAGlobalIndex(Kind kind) {
        Note note = stored();

        readsNamingNone(kind, strongTable, strongAsync, note);
        List<Read> strong = READS.reads();
        READS.clear();
        ItemQuery byTag = ItemQuery.of(q -> q.index("byTag").subtree(KeyPath.of("tag", note.tag())));
        Page<Object> tagged = call(kind, strongTable, strongAsync, t -> t.query(byTag), a -> a.query(byTag));
        assertThat(tagged.items()).hasSize(1);
        List<Read> global = READS.reads();
        READS.clear();
        call(kind, strongTable, strongAsync, t -> t.deleteSubtree(pathOf(note)),
                a -> a.deleteSubtree(pathOf(note), 0));

        assertThat(strongTable.readConsistency()).isEqualTo(ReadConsistency.STRONG);
        assertThat(strongAsync.readConsistency()).isEqualTo(ReadConsistency.STRONG);
        assertThat(strong).as("every read naming no consistency").isNotEmpty().allMatch(Read::consistent);
        assertThat(global).as("a global index is read eventually consistent").containsExactly(
                new Read("Query", false));
        List<Read> delete = READS.reads();
        assertThat(delete).as("the keys a subtree delete reads").first().isEqualTo(new Read("Query", true));
        assertThat(delete.subList(1, delete.size())).as("then at most the layout record the table's first write reads")
                .hasSizeLessThanOrEqualTo(1).allMatch(new Read("GetItem", true)::equals);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aReadThatNamesItsConsistencyReadsWithItWhateverTheTablesDefault(Kind kind) {
        Note note = stored();
        KeyPath path = pathOf(note);
        ItemQuery strongNotes = ItemQuery.of(q -> q.subtree(KeyPath.of("member", note.memberId()).then("note"))
                .consistency(ReadConsistency.STRONG));
        ItemQuery eventualNotes = strongNotes.toBuilder().consistency(ReadConsistency.EVENTUAL).build();

        call(kind, table, async, t -> t.get(Note.class, path, ReadConsistency.STRONG),
                a -> a.get(Note.class, path, ReadConsistency.STRONG));
        call(kind, table, async, t -> t.query(strongNotes), a -> a.query(strongNotes));
        List<Read> asked = READS.reads();
        READS.clear();
        call(kind, strongTable, strongAsync, t -> t.get(Note.class, path, ReadConsistency.EVENTUAL),
                a -> a.get(Note.class, path, ReadConsistency.EVENTUAL));
        call(kind, strongTable, strongAsync, t -> t.query(eventualNotes), a -> a.query(eventualNotes));

        assertThat(asked).containsExactly(new Read("GetItem", true), new Read("Query", true));
        assertThat(READS.reads()).containsExactly(new Read("GetItem", false), new Read("Query", false));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theReadsOfTransactionsAndReadModifyWritesAreStronglyConsistent(Kind kind) {
        Note note = stored();
        KeyPath path = pathOf(note);

        if (kind == Kind.SYNC) {
            ReadCheckedTransaction tx = table.readCheckedTransaction();
            tx.put(tx.read(Note.class, path).orElseThrow());
            tx.commit();
            table.readModifyWrite(tx2 -> tx2.put(tx2.read(Note.class, path).orElseThrow()));
        } else {
            var tx = async.readCheckedTransaction();
            tx.read(Note.class, path).thenCompose(n -> {
                tx.put(n.orElseThrow());
                return tx.commit();
            }).join();
            async.readModifyWrite(tx2 -> tx2.read(Note.class, path)
                    .thenApply(n -> tx2.put(n.orElseThrow()))).join();
        }

        assertThat(READS.reads()).containsExactly(new Read("GetItem", true), new Read("GetItem", true));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theAliasReadsOfUniqueKeyPathsAreStronglyConsistent(Kind kind) {
        TableCalls calls = TableCalls.of(kind == Kind.SYNC ? TableCalls.Kind.SYNC : TableCalls.Kind.ASYNC, table,
                async);
        UUID id = UUID.randomUUID();
        String email = id + "@example.com";

        calls.put(PutItem.of(new Member(id, email, "kim", null)));
        List<Read> write = READS.reads();
        READS.clear();
        assertThat(calls.getByAlias(Member.class, KeyPath.of("email", email))).isPresent();

        assertThat(write).as("the read of the stored aliases before the write").isNotEmpty()
                .allMatch(Read::consistent);
        assertThat(READS.reads()).as("the alias and the item it points at").containsExactly(
                new Read("GetItem", true), new Read("GetItem", true));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theProbeOfASequenceIdAndTheReadOfAMissingNestedValueAreStronglyConsistent(Kind kind) {
        TableCalls calls = TableCalls.of(kind == Kind.SYNC ? TableCalls.Kind.SYNC : TableCalls.Kind.ASYNC, table,
                async);
        UUID member = UUID.randomUUID();
        table.put(new Member(member, member + "@example.com", "kim", null));
        table.put(new Note(member, 1, "t", 1, "written with the id the counter hands out first"));
        READS.clear();

        calls.put(PutItem.of(new Note(member, 0, "t", 1, "second")));
        List<Read> sequence = READS.reads();
        READS.clear();
        calls.update(UpdateItem.of(Member.class, KeyPath.of("member", member),
                UpdateSpec.of(u -> u.increment("stats.posts", 1))));

        assertThat(sequence).as("the probes of the ids the counter handed out and the look-up of the highest")
                .containsExactly(new Read("GetItem", true), new Read("Query", true), new Read("GetItem", true));
        assertThat(READS.reads()).as("the read of the missing stats").containsExactly(new Read("GetItem", true));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theReadsOfAReshardAreStronglyConsistent(Kind kind) {
        // a table of its own, whose items were written with 2 shards before the re-shard to 4 was declared
        String own = TestDynamoDb.uniqueTableName("consistency-reshard");
        KeyPathTable old = KeyPathTables.builder().client(client).tableName(own).register(EntryIn2.class).build();
        old.bootstrap();
        String feed = "f-" + UUID.randomUUID();
        long id = LongStream.range(1, 100).filter(i -> ShardKeys.calculatedShard(2, List.of(KeyId.of(i)))
                != ShardKeys.calculatedShard(4, List.of(KeyId.of(i)))).findFirst().orElseThrow();
        old.put(new EntryIn2(feed, id, "moving"));
        KeyPath path = KeyPath.of("feed", feed).then("entry", id);
        KeyPathTable moving = KeyPathTables.builder().client(client).tableName(own).register(EntryTo4.class).build();
        KeyPathAsyncTable movingAsync = KeyPathTables.asyncBuilder().client(asyncClient).tableName(own)
                .register(EntryTo4.class).build();
        READS.clear();

        Optional<EntryTo4> read = call(kind, moving, movingAsync, t -> t.get(EntryTo4.class, path),
                a -> a.get(EntryTo4.class, path));
        List<Read> point = READS.reads();
        READS.clear();
        TableCalls calls = TableCalls.of(kind == Kind.SYNC ? TableCalls.Kind.SYNC : TableCalls.Kind.ASYNC, moving,
                movingAsync);
        calls.put(PutItem.of(new EntryTo4(feed, id, "moved")));

        assertThat(read).isPresent();
        List<Read> afterFirst = new ArrayList<>(point.subList(1, point.size()));
        assertThat(point.get(0)).as("the read the caller asked for").isEqualTo(new Read("GetItem", false));
        assertThat(afterFirst).as("the reads of the former shard").isNotEmpty().allMatch(Read::consistent);
        assertThat(READS.reads()).as("the write's reads (the layout record, a move's read of the former copy)")
                .isNotEmpty().allMatch(Read::consistent);
        List<Object> batch = call(kind, moving, movingAsync,
                t -> t.batchGet(List.of(ItemKey.of(EntryTo4.class, path)), null),
                a -> a.batchGet(List.of(ItemKey.of(EntryTo4.class, path)), null));
        assertThat(batch).hasSize(1);
    }
}
