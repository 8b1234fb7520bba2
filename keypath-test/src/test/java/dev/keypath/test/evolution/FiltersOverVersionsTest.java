package dev.keypath.test.evolution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.InvalidConditionException;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.evolution.PersonVersions.Person;
import dev.keypath.test.evolution.PersonVersions.V1;
import dev.keypath.test.evolution.PersonVersions.V7;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Filters that name fields a version renamed or added with a default reach the items of every version, as the items
 * read: 250 users written at version 1 ({@code name}, no {@code nickname}) read as version 3 ({@code fullName},
 * {@code nickname} "none"), and DynamoDB's filter sees them so through query, count, lazy stream, scan, parallel
 * scan, index query, projection and the async table's query, count, scan and publisher; a type renamed is seen under
 * its new {@code _type}. A filter that names what the type no longer stores (the name before a rename), or a field a
 * version changed by a function on items stored before it, is refused before any request, naming the field, the
 * change and the remedy, as is one over versions on an index that holds parts of items (without {@code _kp_v}); once
 * the history declares that no older item is stored, the filter is sent as written.
 */
class FiltersOverVersionsTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("filters-over-versions");
    private static final int OLD = 250;
    private static final AtomicInteger REQUESTS = new AtomicInteger();

    @ItemType(keyPath = "/club-{club}/user-{id}", name = "User")
    @SecondaryKeyPath(index = "byCity", keyPath = "/city-{city}/user-{id}")
    @SecondaryKeyPath(index = "byMail", keyPath = "/mail-{email}/user-{id}", projection = IndexProjection.INCLUDE,
            include = "name")
    record UserV1(String club, long id, String city, String name, String email) {
    }

    @ItemType(keyPath = "/club-{club}/user-{id}", name = "User", version = 3)
    @SecondaryKeyPath(index = "byCity", keyPath = "/city-{city}/user-{id}")
    @SecondaryKeyPath(index = "byMail", keyPath = "/mail-{email}/user-{id}", projection = IndexProjection.INCLUDE,
            include = "fullName")
    record User(String club, long id, String city, String fullName, String nickname, String email) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName"))
                    .version(3, v -> v.added("nickname", AttributeValue.fromS("none"))));
        }
    }

    /** Version 7 of {@link PersonVersions} once every item is stored at version 7. */
    @ItemType(keyPath = "/person-{id}", name = "Member", version = 7)
    record RewrittenMember(UUID id, String fullName, String age, String street, String city, String nickname) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> PersonVersions.declare(h, 7).oldestStoredVersion(7));
        }
    }

    /** A view of {@link User}. */
    record Names(String fullName, String nickname) {
    }

    private static KeyPathTable table;
    private static KeyPathAsyncTable async;
    private static Person person;

    @BeforeAll
    static void olderItems() {
        ExecutionInterceptor counting = new ExecutionInterceptor() {
            @Override
            public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                REQUESTS.incrementAndGet();
            }
        };
        KeyPathTable v1 = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE)
                .register(UserV1.class, V1.class).build();
        table = KeyPathTables.builder().client(TestDynamoDb.get().clientBuilder()
                        .overrideConfiguration(c -> c.addExecutionInterceptor(counting)).build())
                .tableName(TABLE).register(User.class, V7.class).build();
        async = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClientBuilder()
                        .overrideConfiguration(c -> c.addExecutionInterceptor(counting)).build())
                .tableName(TABLE).register(User.class, V7.class).build();
        table.bootstrap();
        List<Object> users = new ArrayList<>();
        for (int i = 1; i <= OLD; i++) {
            users.add(new UserV1("c", i, "city-" + i % 5, "User Number " + i, "u" + i + "@example.com"));
        }
        for (int from = 0; from < users.size(); from += 25) {
            WriteBatch.Builder b = WriteBatch.builder();
            users.subList(from, Math.min(users.size(), from + 25)).forEach(b::put);
            v1.batchWrite(b.build());
        }
        table.put(new User("c", OLD + 1, "city-1", "User Number " + (OLD + 1), "nick", "new@example.com"));
        table.put(new User("c", OLD + 2, "city-2", "User Number 1", "none", "same@example.com"));
        person = new Person(UUID.randomUUID(), "User Number 1", 41, "old", "street", "city", null);
        v1.put(V1.of(person));
    }

    private static Condition equal(String attribute, Object value) {
        return Condition.attributeEquals(attribute, value);
    }

    private static Set<Long> ids(List<?> items) {
        return items.stream().map(User.class::cast).map(User::id).collect(Collectors.toSet());
    }

    private static ItemQuery club(Condition filter) {
        return ItemQuery.of(q -> q.subtree(KeyPath.of("club", "c")).types(User.class).filter(filter));
    }

    @Test
    void aQueryAndACountFilteredOnARenamedFieldMatchOlderItemsAsTheyRead() {
        Condition named = equal("fullName", "User Number 1");
        assertThat(ids(table.query(club(named)).items())).containsExactlyInAnyOrder(1L, OLD + 2L);
        assertThat(table.count(club(named))).isEqualTo(2);
        assertThat(ids(table.stream(club(named)).toList())).containsExactlyInAnyOrder(1L, OLD + 2L);
        assertThat(ids(table.query(ItemQuery.of(q -> q.subtree(KeyPath.of("club", "c")).filter(named))).items()))
                .as("every type").containsExactlyInAnyOrder(1L, OLD + 2L);
        assertThat(ids(async.query(club(named)).join().items())).containsExactlyInAnyOrder(1L, OLD + 2L);
        assertThat(async.count(club(named)).join()).isEqualTo(2);
        List<Object> pushed = new ArrayList<>();
        java.util.concurrent.Flow.Publisher<Object> publisher = async.publish(club(named));
        java.util.concurrent.CompletableFuture<Void> done = new java.util.concurrent.CompletableFuture<>();
        publisher.subscribe(new java.util.concurrent.Flow.Subscriber<>() {
            @Override
            public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
                s.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(Object item) {
                synchronized (pushed) {
                    pushed.add(item);
                }
            }

            @Override
            public void onError(Throwable t) {
                done.completeExceptionally(t);
            }

            @Override
            public void onComplete() {
                done.complete(null);
            }
        });
        done.join();
        assertThat(ids(pushed)).containsExactlyInAnyOrder(1L, OLD + 2L);
        Condition older = Condition.of("begins_with(#f, :p) AND #e = :e", Map.of("#f", "fullName", "#e", "email"),
                Map.of(":p", "User Number 2", ":e", "u25@example.com"));
        assertThat(ids(table.query(club(older)).items())).containsExactly(25L);
    }

    @Test
    void aScanFilteredOnAnAddedFieldMatchesOlderItemsByItsDefault() {
        ItemScan none = ItemScan.of(s -> s.types(User.class).filter(equal("nickname", "none")));
        assertThat(table.stream(none).count()).isEqualTo(OLD + 1);
        assertThat(table.scanInParallel(none, 4).count()).isEqualTo(OLD + 1);
        AtomicInteger pages = new AtomicInteger();
        assertThat(async.scanInParallel(none, 3, p -> pages.addAndGet(p.items().size())).join())
                .isEqualTo(OLD + 1);
        assertThat(pages).hasValue(OLD + 1);
        ItemScan exists = ItemScan.of(s -> s.types(User.class).filter(Condition.of("attribute_exists(#n)",
                Map.of("#n", "nickname"), Map.of())));
        assertThat(table.stream(exists).count()).isEqualTo(OLD + 2);
        ItemScan absent = ItemScan.of(s -> s.types(User.class).filter(Condition.of("attribute_not_exists(#n)",
                Map.of("#n", "nickname"), Map.of())));
        assertThat(table.stream(absent).count()).isZero();
        ItemScan nick = ItemScan.of(s -> s.types(User.class).filter(Condition.of("#n <> :none",
                Map.of("#n", "nickname"), Map.of(":none", "none"))));
        assertThat(ids(table.stream(nick).toList())).containsExactly(OLD + 1L);
    }

    @Test
    void anIndexQueryAndProjectionsFilterOverVersions() {
        ItemQuery byCity = ItemQuery.of(q -> q.index("byCity").subtree(KeyPath.of("city", "city-1"))
                .types(User.class).filter(Condition.of("begins_with(#f, :p) AND #n = :none",
                        Map.of("#f", "fullName", "#n", "nickname"), Map.of(":p", "User Number 1", ":none", "none"))));
        Set<Long> expected = IntStream.rangeClosed(1, OLD).filter(i -> i % 5 == 1)
                .filter(i -> Integer.toString(i).startsWith("1")).mapToObj(i -> (long) i).collect(Collectors.toSet());
        assertThat(ids(table.stream(byCity).toList())).isEqualTo(expected);
        assertThat(ids(async.query(byCity).join().items())).isNotEmpty().isSubsetOf(expected);
        Projection<Names> names = Projection.of(User.class, Names.class);
        assertThat(table.stream(names, club(equal("fullName", "User Number 7"))).toList())
                .containsExactly(new Names("User Number 7", "none"));
        assertThat(table.stream(names, ItemScan.of(s -> s.types(User.class).filter(equal("nickname", "none"))))
                .count()).isEqualTo(OLD + 1);
        assertThat(async.query(names, club(equal("fullName", "User Number 7"))).join().items())
                .containsExactly(new Names("User Number 7", "none"));
    }

    @Test
    void aFilterOverVersionsOnAnIndexHoldingPartsOfItemsIsRefusedBeforeAnyRequest() {
        int before = REQUESTS.get();
        ItemQuery byMail = ItemQuery.of(q -> q.index("byMail").subtree(KeyPath.of("mail", "u1@example.com"))
                .types(User.class).filter(equal("fullName", "User Number 1")));
        assertThatThrownBy(() -> table.query(byMail))
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("Index 'byMail' holds parts of items")
                .hasMessageContaining("without their stored version (_kp_v)")
                .hasMessageContaining("query an index of projection ALL");
        assertThat(REQUESTS.get()).as("requests sent").isEqualTo(before);
        assertThat(ids(table.query(byMail.toBuilder().filter(null).build()).items())).containsExactly(1L);
    }

    @Test
    void aRenamedTypeIsFilteredUnderItsNewName() {
        ItemScan members = ItemScan.of(s -> s.filter(Condition.of("#t = :t", Map.of("#t", "_type"),
                Map.of(":t", "Member"))));
        assertThat(table.stream(members).toList()).containsExactly(V7.of(person.readAs(1, 7)));
        assertThat(async.scan(members).join().items()).containsExactly(V7.of(person.readAs(1, 7)));
    }

    @Test
    void aFilterOnANameTheTypeNoLongerStoresIsRefusedBeforeAnyRequest() {
        int before = REQUESTS.get();
        assertThatThrownBy(() -> table.query(club(equal("name", "User Number 1"))))
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("'name'")
                .hasMessageContaining("User no longer stores")
                .hasMessageContaining("version 2 renamed it to 'fullName'")
                .satisfies(e -> assertThat(((InvalidConditionException) e).attribute()).contains("name"));
        assertThatThrownBy(() -> table.count(club(equal("name", "User Number 1"))))
                .isInstanceOf(InvalidConditionException.class);
        assertThatThrownBy(() -> table.stream(ItemScan.of(s -> s.types(User.class)
                .filter(equal("name", "User Number 1")))).count())
                .isInstanceOf(InvalidConditionException.class);
        assertThatThrownBy(() -> async.query(club(equal("name", "x"))).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(InvalidConditionException.class);
        assertThatThrownBy(() -> async.scan(ItemScan.of(s -> s.types(V7.class).filter(equal("legacy", "old"))))
                .join())
                .hasCauseInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("version 4 removed it");
        assertThat(REQUESTS.get()).as("requests sent").isEqualTo(before);
    }

    @Test
    void aFilterOnAFieldAVersionChangedByAFunctionIsRefusedNamingTheChangeAndTheRemedy() {
        int before = REQUESTS.get();
        assertThatThrownBy(() -> table.stream(ItemScan.of(s -> s.types(V7.class).filter(equal("age", "41"))))
                .count())
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("'age' of Member")
                .hasMessageContaining("version 5")
                .hasMessageContaining("FIELD_RETYPED")
                .hasMessageContaining("keypath migrate rewrite")
                .hasMessageContaining("oldestStoredVersion(5)");
        assertThatThrownBy(() -> table.stream(ItemScan.of(s -> s.types(V7.class).filter(equal("street", "x"))))
                .count())
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("version 6")
                .hasMessageContaining("FIELD_SPLIT");
        assertThat(REQUESTS.get()).as("requests sent").isEqualTo(before);

        KeyPathTable rewritten = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE)
                .register(RewrittenMember.class).build();
        assertThat(rewritten.stream(ItemScan.of(s -> s.types(RewrittenMember.class).filter(equal("age", "41"))))
                .count()).as("sent as written: the version-1 item stores age as a number").isZero();
    }
}
