package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Java sets are stored as DynamoDB sets: text, UUIDs, enums and instants as a string set (their text form),
 * numbers as a number set; an empty set as an empty list (DynamoDB has no empty sets), which reads back as an empty
 * set, while a null set is no attribute and reads back as null. So {@code addToSet} and {@code deleteFromSet} meet
 * what a put wrote, and a read then put keeps a set a set. A set that DynamoDB cannot hold as a set (of records,
 * with a null) stays a list. A Set field reads either form, list or set, and a set change of a set stored as a list
 * (an empty one, or one an older build wrote) stores the result as a set. Checked on the
 * raw items, through both tables, for a plain record (mapped without Jackson) and a class mapped by Jackson.
 */
@KeyPathDynamoDb(types = {SetFieldsTest.Bag.class, SetFieldsTest.Crate.class})
class SetFieldsTest {
    enum Color { RED, GREEN, BLUE }

    record Part(String name) {
    }

    record Inner(Set<String> marks) {
    }

    /** A plain record: mapped without Jackson. */
    @ItemType(keyPath = "/bag-{id}")
    record Bag(String id, Set<String> tags, Set<Long> counts, Set<BigDecimal> prices, Set<UUID> refs,
               Set<Color> colors, Set<Instant> times, List<String> list, Set<Part> parts, Inner inner,
               Map<String, Set<Integer>> byName) {
        KeyPath path() {
            return KeyPath.of("bag", id);
        }

        static Bag of(String id) {
            return new Bag(id, null, null, null, null, null, null, null, null, null, null);
        }

        Bag withTags(Set<String> tags) {
            return new Bag(id, tags, counts, prices, refs, colors, times, list, parts, inner, byName);
        }
    }

    /** A class mapped by Jackson. */
    @ItemType(keyPath = "/crate-{id}")
    public static final class Crate {
        public String id;
        @JsonProperty("label_set")
        public Set<String> labels;
        public Set<Double> weights;

        Crate() {
        }

        Crate(String id, Set<String> labels, Set<Double> weights) {
            this.id = id;
            this.labels = labels;
            this.weights = weights;
        }
    }

    record BagTags(Set<String> tags, Set<UUID> refs) {
    }

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    private static final UUID REF = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");
    private static final Instant AT = Instant.parse("2025-01-02T03:04:05Z");

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

    private static Bag full(String id) {
        return new Bag(id, Set.of("a", "b"), Set.of(1L, 20L), Set.of(new BigDecimal("1.50"), new BigDecimal("3")),
                Set.of(REF), Set.of(Color.RED, Color.BLUE), Set.of(AT), List.of("x", "x"), Set.of(new Part("p")),
                new Inner(Set.of("m")), Map.of("n", Set.of(7)));
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void aPutStoresJavaSetsAsDynamoSetsAndReadsThemBack(boolean viaAsync) {
        Bag bag = full(UUID.randomUUID().toString());
        if (viaAsync) {
            await(async.put(bag));
        } else {
            table.put(bag);
        }
        Map<String, AttributeValue> stored = raw(bag.path());
        assertThat(stored.get("tags").ss()).containsExactlyInAnyOrder("a", "b");
        assertThat(stored.get("counts").ns()).containsExactlyInAnyOrder("1", "20");
        assertThat(stored.get("prices").ns()).containsExactlyInAnyOrder("1.5", "3");
        assertThat(stored.get("refs").ss()).containsExactly(REF.toString());
        assertThat(stored.get("colors").ss()).containsExactlyInAnyOrder("RED", "BLUE");
        assertThat(stored.get("times").ss()).containsExactly("2025-01-02T03:04:05Z");
        assertThat(stored.get("list").l()).hasSize(2);
        assertThat(stored.get("parts").hasL()).as("a set of records stays a list").isTrue();
        assertThat(stored.get("inner").m().get("marks").ss()).containsExactly("m");
        assertThat(stored.get("byName").m().get("n").ns()).containsExactly("7");
        Bag read = viaAsync ? await(async.get(Bag.class, bag.path())).orElseThrow()
                : table.get(Bag.class, bag.path()).orElseThrow();
        assertThat(read).usingRecursiveComparison().ignoringFields("prices").isEqualTo(bag);
        assertThat(read.prices()).usingElementComparator(BigDecimal::compareTo)
                .containsExactlyInAnyOrderElementsOf(bag.prices());

        Crate crate = new Crate(UUID.randomUUID().toString(), Set.of("l"), Set.of(0.5, 2.0));
        table.put(crate);
        Map<String, AttributeValue> storedCrate = raw(KeyPath.of("crate", crate.id));
        assertThat(storedCrate.get("label_set").ss()).containsExactly("l");
        assertThat(storedCrate.get("weights").ns()).containsExactlyInAnyOrder("0.5", "2");
        assertThat(table.get(Crate.class, KeyPath.of("crate", crate.id)).orElseThrow())
                .usingRecursiveComparison().isEqualTo(crate);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void anEmptySetIsStoredAsAnEmptyListAndReadsBackEmptyWhileNullStaysNull(boolean viaAsync) {
        Bag bag = new Bag(UUID.randomUUID().toString(), Set.of(), null, Set.of(), null, Set.of(), null, List.of(),
                Set.of(), new Inner(Set.of()), Map.of("none", Set.of()));
        if (viaAsync) {
            await(async.put(bag));
        } else {
            table.put(bag);
        }
        Map<String, AttributeValue> stored = raw(bag.path());
        AttributeValue emptyList = AttributeValue.fromL(List.of());
        assertThat(stored).containsEntry("tags", emptyList).containsEntry("prices", emptyList)
                .containsEntry("colors", emptyList).containsEntry("parts", emptyList)
                .doesNotContainKeys("counts", "refs", "times");
        assertThat(stored.get("inner").m()).containsEntry("marks", emptyList);
        assertThat(stored.get("byName").m()).containsEntry("none", emptyList);
        Bag read = viaAsync ? await(async.get(Bag.class, bag.path())).orElseThrow()
                : table.get(Bag.class, bag.path()).orElseThrow();
        assertThat(read).isEqualTo(bag);

        Crate crate = new Crate(UUID.randomUUID().toString(), new HashSet<>(), null);
        table.put(crate);
        assertThat(raw(KeyPath.of("crate", crate.id))).containsEntry("label_set", emptyList)
                .doesNotContainKey("weights");
        Crate readCrate = table.get(Crate.class, KeyPath.of("crate", crate.id)).orElseThrow();
        assertThat(readCrate.labels).isEmpty();
        assertThat(readCrate.weights).isNull();
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void setChangesAndUpdatesWorkOnAnEmptySet(boolean viaAsync) {
        Bag bag = table.put(Bag.of(UUID.randomUUID().toString()).withTags(Set.of()));
        table.update(Bag.class, bag.path(), UpdateSpec.of(u -> u.set("counts", Set.of()).set("colors", Set.of())
                .set("inner", new Inner(Set.of()))));
        assertThat(raw(bag.path())).containsEntry("counts", AttributeValue.fromL(List.of()));

        UpdateItem<Bag> changes = UpdateItem.of(Bag.class, bag.path(), u -> u.addToSet("tags", List.of("x", "y"))
                .deleteFromSet("counts", List.of(1L)).addToSet("colors", List.of(Color.RED))
                .addToSet("inner.marks", List.of("m")));
        Bag after = viaAsync ? await(async.update(changes)) : table.update(changes);

        assertThat(after.tags()).containsExactlyInAnyOrder("x", "y");
        assertThat(after.counts()).isEmpty();
        assertThat(after.colors()).containsExactly(Color.RED);
        assertThat(after.inner().marks()).containsExactly("m");
        Map<String, AttributeValue> stored = raw(bag.path());
        assertThat(stored.get("tags").ss()).containsExactlyInAnyOrder("x", "y");
        assertThat(stored.get("colors").ss()).containsExactly("RED");
        assertThat(stored.get("inner").m().get("marks").ss()).containsExactly("m");
        assertThat(stored).containsEntry("counts", AttributeValue.fromL(List.of()));

        Bag emptied = table.update(Bag.class, bag.path(), UpdateSpec.of(u -> u.set("tags", Set.of())
                .set("colors", null)));
        assertThat(emptied.tags()).isEmpty();
        assertThat(emptied.colors()).isNull();
        assertThat(raw(bag.path())).containsEntry("tags", AttributeValue.fromL(List.of())).doesNotContainKey("colors");
    }

    @Test
    void aSetWithANullStaysAList() {
        Bag bag = Bag.of(UUID.randomUUID().toString()).withTags(new LinkedHashSet<>(Arrays.asList("a", null)));
        table.put(bag);
        assertThat(raw(bag.path()).get("tags").l()).hasSize(2);
        assertThat(table.get(Bag.class, bag.path()).orElseThrow().tags()).containsExactlyInAnyOrder("a", null);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void setChangesMeetTheSetsAPutWrote(boolean viaAsync) {
        Bag bag = table.put(full(UUID.randomUUID().toString()));
        UUID other = UUID.randomUUID();
        Instant later = AT.plusSeconds(60);
        UpdateItem<Bag> update = UpdateItem.of(Bag.class, bag.path(), u -> u.addToSet("tags", List.of("c"))
                .deleteFromSet("counts", List.of(1L)).addToSet("refs", List.of(other)).addToSet("colors",
                        List.of(Color.GREEN)).addToSet("times",
                        List.of(later)).addToSet("prices", List.of(new BigDecimal("1.5"))).addToSet("inner.marks",
                        List.of("n")));
        Bag after = viaAsync ? await(async.update(update)) : table.update(update);
        assertThat(after.tags()).containsExactlyInAnyOrder("a", "b", "c");
        assertThat(after.counts()).containsExactly(20L);
        assertThat(after.refs()).containsExactlyInAnyOrder(REF, other);
        assertThat(after.colors()).containsExactlyInAnyOrder(Color.RED, Color.GREEN, Color.BLUE);
        assertThat(after.times()).containsExactlyInAnyOrder(AT, later);
        assertThat(after.prices()).hasSize(2);
        assertThat(after.inner().marks()).containsExactlyInAnyOrder("m", "n");

        Bag emptied = table.update(Bag.class, bag.path(), UpdateSpec.of(u -> u.deleteFromSet("counts", List.of(20L))
                .deleteFromSet("colors", List.of(Color.RED))));
        assertThat(emptied.counts()).as("DynamoDB removes a set it empties").isNull();
        assertThat(emptied.colors()).containsExactlyInAnyOrder(Color.GREEN, Color.BLUE);
        assertThat(raw(bag.path())).doesNotContainKey("counts");

        Crate crate = new Crate(UUID.randomUUID().toString(), Set.of("l"), Set.of(0.5));
        table.put(crate);
        Crate c = table.update(Crate.class, KeyPath.of("crate", crate.id), UpdateSpec.of(u -> u
                .addToSet("label_set", List.of("m")).addToSet("weights", List.of(1.25))));
        assertThat(c.labels).containsExactlyInAnyOrder("l", "m");
        assertThat(c.weights).containsExactlyInAnyOrder(0.5, 1.25);
    }

    @Test
    void aReadThenPutKeepsASetASetAndSettingASetWritesOne() {
        Bag bag = table.put(full(UUID.randomUUID().toString()));
        table.put(table.get(Bag.class, bag.path()).orElseThrow());
        assertThat(raw(bag.path()).get("tags").hasSs()).isTrue();
        table.update(Bag.class, bag.path(), UpdateSpec.of(u -> u.set("tags", Set.of("z")).set("counts", Set.of())
                .set("refs", null)));
        Map<String, AttributeValue> stored = raw(bag.path());
        assertThat(stored.get("tags").ss()).containsExactly("z");
        assertThat(stored).containsEntry("counts", AttributeValue.fromL(List.of())).doesNotContainKey("refs");
        assertThat(table.update(Bag.class, bag.path(), UpdateSpec.of(u -> u.addToSet("tags", List.of("y"))))
                .tags()).containsExactlyInAnyOrder("y", "z");
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void setChangesOfASetAnOlderBuildStoredAsAListStoreItAsASet(boolean viaAsync) {
        KeyPath path = KeyPath.of("bag", UUID.randomUUID().toString());
        putRaw(path, Map.of("_type", AttributeValue.fromS("Bag"), "tags", AttributeValue.fromL(List.of(
                AttributeValue.fromS("old"), AttributeValue.fromS("older"))), "counts", AttributeValue.fromL(List.of(
                AttributeValue.fromN("3"), AttributeValue.fromN("4")))));
        Bag read = table.get(Bag.class, path).orElseThrow();
        assertThat(read.tags()).containsExactlyInAnyOrder("old", "older");
        assertThat(read.counts()).containsExactlyInAnyOrder(3L, 4L);

        UpdateItem<Bag> changes = UpdateItem.of(Bag.class, path, u -> u.addToSet("tags", List.of("x", "old"))
                .deleteFromSet("counts", List.of(3L)));
        Bag after = viaAsync ? await(async.update(changes)) : table.update(changes);

        assertThat(after.tags()).containsExactlyInAnyOrder("old", "older", "x");
        assertThat(after.counts()).containsExactly(4L);
        assertThat(raw(path).get("tags").ss()).containsExactlyInAnyOrder("old", "older", "x");
        assertThat(raw(path).get("counts").ns()).containsExactly("4");
        assertThat(table.update(Bag.class, path, UpdateSpec.of(u -> u.deleteFromSet("counts", List.of(4L))))
                .counts()).as("DynamoDB removes a set it empties").isNull();
    }

    @Test
    void aSetChangeOfAListASetCannotHoldSaysWhatToDo() {
        KeyPath path = KeyPath.of("bag", UUID.randomUUID().toString());
        putRaw(path, Map.of("_type", AttributeValue.fromS("Bag"), "tags", AttributeValue.fromL(List.of(
                AttributeValue.fromS("old"), AttributeValue.fromN("1")))));

        assertThatThrownBy(() -> table.update(Bag.class, path, UpdateSpec.of(u -> u.addToSet("tags", List.of("x")))))
                .isInstanceOf(InvalidUpdateException.class).hasMessageContaining("tags")
                .hasMessageContaining("stored as a list").hasMessageContaining("set it whole");
        assertThat(raw(path).get("tags").l()).hasSize(2);
    }

    @Test
    void setElementsOfAnotherClassThanTheFieldsAreRefusedBeforeSending() {
        Bag bag = table.put(full(UUID.randomUUID().toString()));
        assertThatThrownBy(() -> table.update(Bag.class, bag.path(), UpdateSpec.of(u -> u.addToSet("refs",
                List.of(REF.toString()))))).isInstanceOf(InvalidUpdateException.class)
                .hasMessageContaining("Bag.refs (a set of UUID)");
        assertThatThrownBy(() -> table.update(Bag.class, bag.path(), UpdateSpec.of(u -> u.addToSet("counts",
                List.of(1))))).isInstanceOf(InvalidUpdateException.class).hasMessageContaining("a set of Long");
    }

    @Test
    void aProjectionReadsSets() {
        Bag bag = table.put(full(UUID.randomUUID().toString()));
        assertThat(table.get(Projection.of(Bag.class, BagTags.class), bag.path()))
                .contains(new BagTags(Set.of("a", "b"), Set.of(REF)));
    }
}
