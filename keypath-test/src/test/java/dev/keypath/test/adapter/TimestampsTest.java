package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code @CreatedAt}/{@code @UpdatedAt}: set by the table from its clock on puts (single, transactional, batch) and
 * updates, on both tables, stored as the field's own form and carried by the returned objects.
 */
@KeyPathDynamoDb(types = {TimestampsTest.Article.class, TimestampsTest.Tick.class},
        customizers = TimestampsTest.Stamps.class)
class TimestampsTest {
    static final Instant T1 = Instant.parse("2031-03-01T10:00:00.123Z");
    static final Instant T2 = Instant.parse("2031-03-02T11:30:00.456Z");
    static final Instant T3 = Instant.parse("2031-03-03T12:45:00.789Z");
    static final SettableClock CLOCK = new SettableClock(T1);

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    @ItemType(keyPath = "/article-{id}")
    record Article(String id, String title, @CreatedAt Instant createdAt, @UpdatedAt Instant updatedAt,
                   @Version Long version) {
        static Article fresh(String id, String title) {
            return new Article(id, title, null, null, null);
        }
    }

    /** Epoch forms: created in seconds, updated in milliseconds, as primitives. */
    @ItemType(keyPath = "/tick-{id}")
    record Tick(String id, String note, @CreatedAt(unit = ChronoUnit.SECONDS) long created,
                @UpdatedAt long updated) {
    }

    static final class Stamps implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            settings.clock(CLOCK);
        }
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }

    @Test
    void aNewItemGetsBothTimestampsAndTheReturnedObjectCarriesThem() {
        CLOCK.set(T1);
        String id = id();
        Article saved = table.put(Article.fresh(id, "one"));
        assertThat(saved.createdAt()).isEqualTo(T1);
        assertThat(saved.updatedAt()).isEqualTo(T1);
        assertThat(saved.version()).isEqualTo(1L);
        assertThat(table.get(Article.class, KeyPath.of("article", id))).contains(saved);
    }

    @Test
    void aLaterPutKeepsTheObjectsCreationTimeAndMovesTheUpdateTime() {
        CLOCK.set(T1);
        String id = id();
        Article first = table.put(Article.fresh(id, "one"));
        CLOCK.set(T2);
        Article second = table.put(new Article(id, "two", first.createdAt(), first.updatedAt(), first.version()));
        assertThat(second.createdAt()).isEqualTo(T1);
        assertThat(second.updatedAt()).isEqualTo(T2);
        assertThat(second.version()).isEqualTo(2L);
        assertThat(table.get(Article.class, KeyPath.of("article", id))).contains(second);
    }

    @Test
    void aPutOfAnObjectWithoutCreationTimeOverAnExistingItemStartsANewOne() {
        CLOCK.set(T1);
        String id = id();
        Tick first = table.put(new Tick(id, "a", 0, 0));
        CLOCK.set(T2);
        Tick replaced = table.put(new Tick(id, "b", 0, 0));
        assertThat(first.created()).isEqualTo(T1.getEpochSecond());
        assertThat(replaced.created()).isEqualTo(T2.getEpochSecond()); // a put reads nothing: documented
    }

    @Test
    void anUpdateKeepsTheCreationTimeAndMovesTheUpdateTimeOnBothTables() throws Exception {
        CLOCK.set(T1);
        String id = id();
        Article saved = table.put(Article.fresh(id, "one"));
        CLOCK.set(T2);
        Article updated = table.update(Article.class, KeyPath.of("article", id), UpdateSpec.of(u -> u.set("title", "u")));
        assertThat(updated.title()).isEqualTo("u");
        assertThat(updated.createdAt()).isEqualTo(saved.createdAt());
        assertThat(updated.updatedAt()).isEqualTo(T2);
        assertThat(updated.version()).isEqualTo(2L);

        CLOCK.set(T3);
        Article viaAsync = async.update(Article.class, KeyPath.of("article", id),
                UpdateSpec.of(u -> u.set("title", "v").expectedVersion(2))).get(30, TimeUnit.SECONDS);
        assertThat(viaAsync.createdAt()).isEqualTo(T1);
        assertThat(viaAsync.updatedAt()).isEqualTo(T3);
        assertThat(viaAsync.version()).isEqualTo(3L);
    }

    @Test
    void theVersionCheckStillGuardsTimestampedWrites() {
        CLOCK.set(T1);
        String id = id();
        Article saved = table.put(Article.fresh(id, "one"));
        table.put(saved);
        assertThatThrownBy(() -> table.put(saved)).isInstanceOf(VersionConflictException.class);
        assertThatThrownBy(() -> table.update(Article.class, KeyPath.of("article", id),
                UpdateSpec.of(u -> u.set("title", "x").expectedVersion(1))))
                .isInstanceOf(VersionConflictException.class);
    }

    /** The changes an update may not make: a timestamp is the table's to write, as the version is. */
    static Stream<Arguments> timestampChanges() {
        List<Arguments> all = new ArrayList<>();
        for (TableCalls.Kind kind : TableCalls.Kind.values()) {
            all.add(Arguments.of(kind, "updatedAt", UpdateSpec.of(u -> u.remove("updatedAt"))));
            all.add(Arguments.of(kind, "updatedAt", UpdateSpec.of(u -> u.set("updatedAt", T1))));
            all.add(Arguments.of(kind, "createdAt", UpdateSpec.of(u -> u.set("createdAt", T3))));
            all.add(Arguments.of(kind, "createdAt", UpdateSpec.of(u -> u.setIfAbsent("createdAt", T3))));
            all.add(Arguments.of(kind, "createdAt", UpdateSpec.of(u -> u.set("title", "t").remove("createdAt"))));
            all.add(Arguments.of(kind, "created", UpdateSpec.of(u -> u.increment("created", 1))));
            all.add(Arguments.of(kind, "updated", UpdateSpec.of(u -> u.remove("updated"))));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{2} on the {0} table")
    @MethodSource("timestampChanges")
    void anUpdateCannotSetOrRemoveATimestampAsItCannotTheVersion(TableCalls.Kind kind, String field,
                                                                 UpdateSpec spec) {
        TableCalls calls = TableCalls.of(kind, table, async);
        CLOCK.set(T1);
        String id = id();
        Article article = table.put(Article.fresh(id, "one"));
        Tick tick = table.put(new Tick(id, "n", 0, 0));
        boolean onTick = field.equals("created") || field.equals("updated");
        Class<?> type = onTick ? Tick.class : Article.class;
        KeyPath path = onTick ? table.keyPathOf(tick) : table.keyPathOf(article);
        CLOCK.set(T2);

        assertThatThrownBy(() -> calls.update(UpdateItem.of(type, path, spec)))
                .isInstanceOfSatisfying(InvalidUpdateException.class, e -> {
                    assertThat(e.getMessage()).contains("'" + field + "'").contains(type.getSimpleName());
                    assertThat(e.keyPath()).contains(path);
                });
        assertThatThrownBy(() -> calls.update(UpdateItem.upsert(type, path, spec)))
                .isInstanceOf(InvalidUpdateException.class).hasMessageContaining("'" + field + "'");
        assertThatThrownBy(() -> calls.transact(tx -> tx.update(UpdateItem.of(type, path, spec))))
                .isInstanceOf(InvalidUpdateException.class).hasMessageContaining("'" + field + "'");
        // the version is refused the same way
        assertThatThrownBy(() -> calls.update(UpdateItem.of(Article.class, table.keyPathOf(article),
                UpdateSpec.of(u -> u.set("version", 7L))))).isInstanceOf(InvalidUpdateException.class)
                .hasMessageContaining("'version'");
        assertThat(table.get(Article.class, table.keyPathOf(article))).contains(article);
        assertThat(table.get(Tick.class, table.keyPathOf(tick))).contains(tick);
    }

    @Test
    void asyncPutSetsTheTimestamps() throws Exception {
        CLOCK.set(T2);
        String id = id();
        Article saved = async.put(Article.fresh(id, "a")).get(30, TimeUnit.SECONDS);
        assertThat(saved.createdAt()).isEqualTo(T2);
        assertThat(saved.updatedAt()).isEqualTo(T2);
        assertThat(async.get(Article.class, KeyPath.of("article", id)).get(30, TimeUnit.SECONDS)).contains(saved);
    }

    @Test
    void transactionalPutsAndUpdatesAreStampedOnBothTables() throws Exception {
        CLOCK.set(T1);
        String a = id();
        String b = id();
        table.put(Article.fresh(b, "b"));
        CLOCK.set(T2);
        List<Object> results = table.transact(tx -> tx.put(Article.fresh(a, "a"))
                .update(Article.class, KeyPath.of("article", b), UpdateSpec.of(u -> u.set("title", "b2"))));
        assertThat(((Article) results.get(0)).createdAt()).isEqualTo(T2);
        Article readB = table.get(Article.class, KeyPath.of("article", b)).orElseThrow();
        assertThat(readB.createdAt()).isEqualTo(T1);
        assertThat(readB.updatedAt()).isEqualTo(T2);

        CLOCK.set(T3);
        String c = id();
        List<Object> viaAsync = async.transact(tx -> tx.put(new Tick(c, "t", 0, 0))).get(30, TimeUnit.SECONDS);
        assertThat(((Tick) viaAsync.get(0)).updated()).isEqualTo(T3.toEpochMilli());
    }

    @Test
    void batchPutsAreStampedOnBothTables() throws Exception {
        CLOCK.set(T3);
        String a = id();
        String b = id();
        List<Object> stored = table.batchWrite(w -> w.put(new Tick(a, "a", 0, 0)));
        assertThat(stored).singleElement().isEqualTo(new Tick(a, "a", T3.getEpochSecond(), T3.toEpochMilli()));
        List<Object> viaAsync = async.batchWrite(w -> w.put(new Tick(b, "b", 0, 0))).get(30, TimeUnit.SECONDS);
        assertThat(viaAsync).singleElement().isEqualTo(new Tick(b, "b", T3.getEpochSecond(), T3.toEpochMilli()));
        assertThat(table.get(Tick.class, KeyPath.of("tick", b))).contains((Tick) viaAsync.get(0));
    }

    @Test
    void epochFieldsAreStoredAsNumbersInTheirUnitAndInstantsAsTheMapperWritesThem() {
        CLOCK.set(T2);
        String id = id();
        table.put(new Tick(id, "n", 0, 0));
        Map<String, AttributeValue> raw = rawItem(table.keyPathOf(new Tick(id, "n", 0, 0)));
        assertThat(raw.get("created").n()).isEqualTo(Long.toString(T2.getEpochSecond()));
        assertThat(raw.get("updated").n()).isEqualTo(Long.toString(T2.toEpochMilli()));

        String a = id();
        table.put(Article.fresh(a, "x"));
        Map<String, AttributeValue> article = rawItem(KeyPath.of("article", a));
        assertThat(article.get("createdAt").s()).isEqualTo(T2.toString());
        assertThat(article.get("updatedAt").s()).isEqualTo(T2.toString());
    }

    @Test
    void aTimestampOnAFieldOfAnotherTypeIsAMappingErrorNamingIt() {
        assertThatThrownBy(() -> ItemSchemas.of(BadStamp.class)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("BadStamp.when").hasMessageContaining("@CreatedAt");
        assertThatThrownBy(() -> ItemSchemas.of(BadUnit.class)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("BadUnit.when").hasMessageContaining("DAYS");
        assertThatThrownBy(() -> ItemSchemas.of(TwoStamps.class)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("one field per type");
    }

    @ItemType(keyPath = "/bad-{id}")
    record BadStamp(String id, @CreatedAt String when) {
    }

    @ItemType(keyPath = "/bad-{id}")
    record BadUnit(String id, @UpdatedAt(unit = ChronoUnit.DAYS) long when) {
    }

    @ItemType(keyPath = "/bad-{id}")
    record TwoStamps(String id, @UpdatedAt long a, @UpdatedAt long b) {
    }

    private static Map<String, AttributeValue> rawItem(KeyPath keyPath) {
        return client.getItem(r -> r.tableName(table.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(keyPath.partitionKey())),
                "sk", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(keyPath.sortKey())))))
                .item();
    }
}
