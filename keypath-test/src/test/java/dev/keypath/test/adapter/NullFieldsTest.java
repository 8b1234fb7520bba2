package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Null fields are not stored: a put leaves out the attribute of a null field (and of a null field of a nested
 * record), and a missing attribute reads as null, so every update that treats an absent attribute as empty works on
 * a field put as null (increment, add, append, addToSet, setIfAbsent), a change below a null nested record creates
 * it, and a secondary index stays sparse. Nulls that carry meaning stay: a null list element (its position) and a
 * null map value (its key). Items stored with NULL attributes by earlier versions read as null and take the same
 * updates. Checked on the raw items, through both tables, for a plain record (mapped without Jackson) and a type
 * mapped by Jackson.
 */
@KeyPathDynamoDb(types = {NullFieldsTest.Member.class, NullFieldsTest.Profile.class})
class NullFieldsTest {
    record Stats(Long posts, Long likes) {
    }

    /** A plain record: mapped without Jackson. */
    @ItemType(keyPath = "/member-{id}")
    @SecondaryKeyPath(index = "byEmail", keyPath = "/email-{email}/member-{id}")
    record Member(String id, String name, String email, Long points, List<String> history, Set<String> tags,
                  Stats stats, Map<String, String> notes) {
        KeyPath path() {
            return KeyPath.of("member", id);
        }
    }

    /** A class mapped by Jackson (a mutable bean). */
    @ItemType(keyPath = "/profile-{id}")
    public static final class Profile {
        public String id;
        public String bio;
        public Long visits;
        public Stats stats;
        public List<String> links;
        public Map<String, Stats> byDay;

        Profile() {
        }

        Profile(String id) {
            this.id = id;
        }
    }

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;
    @Injected
    private static TestDynamoDb engine;

    private static Member empty(String id) {
        return new Member(id, null, null, null, null, null, null, null);
    }

    private static Map<String, AttributeValue> raw(KeyPath path) {
        return client.getItem(r -> r.tableName(table.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    private static void putRaw(KeyPath path, Map<String, AttributeValue> attributes) {
        Map<String, AttributeValue> item = new HashMap<>(attributes);
        item.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())));
        item.put("sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        client.putItem(r -> r.tableName(table.tableName()).item(item));
    }

    private static <T> T update(boolean viaAsync, UpdateItem<T> update) {
        return viaAsync ? await(async.update(update)) : table.update(update);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void aPutStoresNoAttributeForANullFieldAndReadsItBackAsNull(boolean viaAsync) {
        String id = UUID.randomUUID().toString();
        List<String> history = new ArrayList<>(Arrays.asList("a", null, "c"));
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("kept", null);
        Member member = new Member(id, null, null, null, history, null, new Stats(null, 3L), notes);
        if (viaAsync) {
            await(async.put(member));
        } else {
            table.put(member);
        }

        Map<String, AttributeValue> stored = raw(member.path());
        assertThat(stored).containsOnlyKeys("pk", "sk", "_type", "history", "stats", "notes");
        assertThat(stored.get("stats").m()).containsOnlyKeys("likes");
        assertThat(stored.get("history").l()).extracting(AttributeValue::nul).containsExactly(null, true, null);
        assertThat(stored.get("notes").m().get("kept").nul()).as("a null map value keeps its key").isTrue();
        assertThat(table.get(Member.class, member.path())).contains(member);
        assertThat(await(async.get(Member.class, member.path()))).contains(member);

        Profile profile = new Profile(id);
        profile.stats = new Stats(4L, null);
        profile.byDay = new LinkedHashMap<>();
        profile.byDay.put("mon", null);
        table.put(profile);
        Map<String, AttributeValue> storedProfile = raw(KeyPath.of("profile", id));
        assertThat(storedProfile).containsOnlyKeys("pk", "sk", "_type", "stats", "byDay");
        assertThat(storedProfile.get("stats").m()).containsOnlyKeys("posts");
        assertThat(storedProfile.get("byDay").m().get("mon").nul()).isTrue();
        Profile read = table.get(Profile.class, KeyPath.of("profile", id)).orElseThrow();
        assertThat(read).usingRecursiveComparison().isEqualTo(profile);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void everyUpdateThatTreatsAbsentAsEmptyWorksOnAFieldPutAsNull(boolean viaAsync) {
        Member member = table.put(empty(UUID.randomUUID().toString()));
        Member after = update(viaAsync, UpdateItem.of(Member.class, member.path(), u -> u.increment("points", 2)
                .append("history", List.of("joined")).addToSet("tags", List.of("new")).setIfAbsent("name", "ada")));
        assertThat(after).isEqualTo(new Member(member.id(), "ada", null, 2L, List.of("joined"), Set.of("new"), null,
                null));
        Member added = update(viaAsync, UpdateItem.of(Member.class, member.path(), u -> u.add("points", 5)));
        assertThat(added.points()).isEqualTo(7L);

        Profile profile = new Profile(UUID.randomUUID().toString());
        table.put(profile);
        Profile p = update(viaAsync, UpdateItem.of(Profile.class, KeyPath.of("profile", profile.id),
                u -> u.increment("visits", 1).append("links", List.of("x")).setIfAbsent("bio", "hi")));
        assertThat(p.visits).isEqualTo(1L);
        assertThat(p.links).containsExactly("x");
        assertThat(p.bio).isEqualTo("hi");
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void aChangeBelowANullNestedRecordCreatesIt(boolean viaAsync) {
        Member member = table.put(empty(UUID.randomUUID().toString()));
        Member first = update(viaAsync, UpdateItem.of(Member.class, member.path(),
                UpdateSpec.of(u -> u.increment("stats.posts", 1))));
        assertThat(first.stats()).isEqualTo(new Stats(1L, null));
        Member second = update(viaAsync, UpdateItem.of(Member.class, member.path(),
                UpdateSpec.of(u -> u.increment("stats.posts", 1).add("stats.likes", 4))));
        assertThat(second.stats()).isEqualTo(new Stats(2L, 4L));
        assertThat(raw(member.path()).get("stats").m()).containsOnlyKeys("posts", "likes");

        Member other = table.put(empty(UUID.randomUUID().toString()));
        Member both = update(viaAsync, UpdateItem.of(Member.class, other.path(), u -> u.add("stats.likes", 2)
                .set("stats.posts", 9L).increment("points", 1).set("notes.first", "n")));
        assertThat(both.stats()).isEqualTo(new Stats(9L, 2L));
        assertThat(both.notes()).isEqualTo(Map.of("first", "n"));
        assertThat(both.points()).isEqualTo(1L);

        Profile profile = new Profile(UUID.randomUUID().toString());
        table.put(profile);
        Profile p = update(viaAsync, UpdateItem.of(Profile.class, KeyPath.of("profile", profile.id),
                u -> u.increment("byDay.mon.posts", 3)));
        assertThat(p.byDay).isEqualTo(Map.of("mon", new Stats(3L, null)));
    }

    @Test
    void aNestedRecordAnotherWriterCreatesMeanwhileIsUpdatedInPlaceNotReplaced() {
        Member member = table.put(empty(UUID.randomUUID().toString()));
        AtomicInteger racedOnce = new AtomicInteger();
        ExecutionInterceptor racer = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof UpdateItemRequest u && u.conditionExpression() != null
                        && u.conditionExpression().contains("attribute_not_exists(#absent")
                        && racedOnce.getAndIncrement() == 0) {
                    // another writer creates stats between the read and the planned update
                    table.update(Member.class, member.path(), UpdateSpec.of(x -> x.set("stats",
                            new Stats(10L, 5L))));
                }
            }
        };
        try (DynamoDbClient racing = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(racer))
                .build()) {
            KeyPathTable raced = KeyPathTables.builder().client(racing).tableName(table.tableName())
                    .register(Member.class, Profile.class).build();
            Member after = raced.update(Member.class, member.path(), UpdateSpec.of(u -> u.increment("stats.posts", 1)));
            assertThat(after.stats()).isEqualTo(new Stats(11L, 5L));
        }
        assertThat(racedOnce).hasValueGreaterThanOrEqualTo(1);
        assertThat(table.get(Member.class, member.path()).orElseThrow().stats()).isEqualTo(new Stats(11L, 5L));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aRemovalOrANullBelowANullNestedRecordLeavesItNull(boolean remove) {
        Member member = table.put(empty(UUID.randomUUID().toString()));
        Member after = table.update(Member.class, member.path(), UpdateSpec.of(u -> {
            if (remove) {
                u.remove("stats.likes");
            } else {
                u.set("stats.likes", null);
            }
            u.set("name", "n");
        }));
        assertThat(after.stats()).isNull();
        assertThat(raw(member.path())).doesNotContainKey("stats");
    }

    @Test
    void anUpsertOfANewItemCreatesTheNestedRecordsItsChangesNeed() {
        String id = UUID.randomUUID().toString();
        Member created = table.update(UpdateItem.upsert(Member.class, KeyPath.of("member", id),
                UpdateSpec.of(u -> u.increment("stats.posts", 1).set("name", "new"))));
        assertThat(created).isEqualTo(new Member(id, "new", null, null, null, null, new Stats(1L, null), null));
    }

    @Test
    void aTransactionThatChangesBelowANullNestedRecordIsRefusedNamingItAndTheRemedy() {
        Member member = table.put(empty(UUID.randomUUID().toString()));
        assertThatThrownBy(() -> table.transact(tx -> tx.update(UpdateItem.of(Member.class, member.path(),
                UpdateSpec.of(u -> u.increment("stats.posts", 1))))))
                .isInstanceOf(InvalidUpdateException.class).hasMessageContaining("stats.posts")
                .hasMessageContaining("a single update").hasMessageContaining("set the whole nested value");
        assertThat(table.get(Member.class, member.path())).contains(member);
        table.transact(tx -> tx.update(UpdateItem.of(Member.class, member.path(), UpdateSpec.of(u -> u.set("stats",
                new Stats(1L, null))))));
        assertThat(table.get(Member.class, member.path()).orElseThrow().stats()).isEqualTo(new Stats(1L, null));
    }

    @Test
    void settingNullRemovesAFieldButKeepsAListPositionOrAMapKey() {
        Member member = table.put(new Member(UUID.randomUUID().toString(), "ada", "ada@example.com", 3L,
                List.of("a", "b"), Set.of("t"), new Stats(1L, 2L), Map.of("k", "v")));
        assertThat(raw(member.path())).containsKeys("byEmail_pk", "byEmail_sk");
        Member after = table.update(Member.class, member.path(), UpdateSpec.of(u -> u.set("name", null)
                .set("email", null).set("stats.likes", null).set("history[1]", null).set("notes.k", null)));
        Map<String, AttributeValue> stored = raw(member.path());
        assertThat(stored).doesNotContainKeys("name", "email", "byEmail_pk", "byEmail_sk");
        assertThat(stored.get("stats").m()).containsOnlyKeys("posts");
        assertThat(stored.get("history").l().get(1).nul()).isTrue();
        assertThat(stored.get("notes").m().get("k").nul()).isTrue();
        assertThat(after.name()).isNull();
        assertThat(after.history()).containsExactly("a", null);
        assertThat(table.update(Member.class, member.path(), UpdateSpec.of(u -> u.setIfAbsent("name", "again")))
                .name()).isEqualTo("again");
    }

    @Test
    void aNullSecondaryKeyFieldKeepsTheItemOutOfItsIndex() {
        String id = UUID.randomUUID().toString();
        table.put(new Member(id, "n", null, null, null, null, null, null));
        assertThat(raw(KeyPath.of("member", id))).doesNotContainKeys("email", "byEmail_pk", "byEmail_sk");
        table.put(new Member(id, "n", id + "@example.com", null, null, null, null, null));
        assertThat(table.query(Member.class, ItemQuery.of(q -> q.index("byEmail")
                .subtree(KeyPath.of("email", id + "@example.com")))).items()).hasSize(1);
    }

    record MemberName(String name, Long points) {
    }

    interface MemberView {
        String getName();

        Stats getStats();
    }

    @Test
    void projectionsReadAMissingAttributeAsNull() {
        Member member = table.put(empty(UUID.randomUUID().toString()));
        assertThat(table.get(Projection.of(Member.class, MemberName.class), member.path()))
                .contains(new MemberName(null, null));
        MemberView view = table.get(Projection.of(Member.class, MemberView.class), member.path()).orElseThrow();
        assertThat(view.getName()).isNull();
        assertThat(view.getStats()).isNull();
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void anItemStoredWithNullAttributesReadsThemAsNullAndTakesTheSameUpdates(boolean viaAsync) {
        String id = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("member", id);
        AttributeValue nul = AttributeValue.fromNul(true);
        putRaw(path, Map.of("_type", AttributeValue.fromS("Member"), "name", nul, "email", nul, "points", nul,
                "history", nul, "tags", nul, "stats", nul, "notes", nul));
        assertThat(table.get(Member.class, path)).contains(empty(id));

        Member after = update(viaAsync, UpdateItem.of(Member.class, path, u -> u.increment("points", 2)
                .append("history", List.of("h")).addToSet("tags", List.of("t")).increment("stats.posts", 1)
                .set("notes.k", "v")));
        assertThat(after).isEqualTo(new Member(id, null, null, 2L, List.of("h"), Set.of("t"), new Stats(1L, null),
                Map.of("k", "v")));
        Member added = update(viaAsync, UpdateItem.of(Member.class, path, u -> u.add("points", 1)));
        assertThat(added.points()).isEqualTo(3L);
    }
}
