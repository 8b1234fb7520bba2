package dev.keypath.test.evolution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.SchemaChange;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Over generated histories (chains of renames, fields added with and without a default, type renames, two to four
 * versions), items stored at every version and generated filters (comparisons of fields with values and with each
 * other, {@code BETWEEN}, {@code IN}, the functions, {@code size}, {@code _type}, {@code NOT}, {@code AND},
 * {@code OR}): a query filtered through the table returns exactly the items that DynamoDB's own evaluation of the
 * filter, as written, selects among the items as they read (their upgraded forms, stored at the current version in
 * a partition of their own and queried with the plain client), and its count is their number; a transaction's
 * condition check of the filter holds on an item exactly when the filter selects it.
 */
class FilterOverVersionsPropertiesTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("filter-properties");
    private static final List<String> FIELDS = List.of("f0", "f1", "f2", "f3");
    private static final List<Object> TEXTS = List.of("", "a", "b", "ab", "none");
    private static final List<Object> NUMBERS = List.of(-3L, 0L, 1L, 5L);
    /** The history the generated type declares: set before each table is built, which reads it. */
    private static volatile ItemHistory history = ItemHistory.none();

    @ItemType(keyPath = "/ex-{ex}/item-{id}", name = "Gen", version = 2)
    record Gen2(String ex, long id, String f0, String f1, Long f2, String f3) {
        @SchemaHistory
        static ItemHistory history() {
            return history;
        }
    }

    @ItemType(keyPath = "/ex-{ex}/item-{id}", name = "Gen", version = 3)
    record Gen3(String ex, long id, String f0, String f1, Long f2, String f3) {
        @SchemaHistory
        static ItemHistory history() {
            return history;
        }
    }

    @ItemType(keyPath = "/ex-{ex}/item-{id}", name = "Gen", version = 4)
    record Gen4(String ex, long id, String f0, String f1, Long f2, String f3) {
        @SchemaHistory
        static ItemHistory history() {
            return history;
        }
    }

    private static DynamoDbClient client;

    @BeforeAll
    static void table() {
        client = TestDynamoDb.get().client();
        history = historyOf(new Random(0), 2).history();
        KeyPathTables.builder().client(client).tableName(TABLE).register(Gen2.class).build().bootstrap();
    }

    /** A generated history: its changes by version, and the stored type name at each version. */
    record Generated(int version, List<List<Consumer<dev.keypath.dynamodb.SchemaChanges>>> steps,
                     List<String> description) {
        ItemHistory history() {
            return ItemHistory.of(h -> {
                for (int v = 2; v <= version; v++) {
                    List<Consumer<dev.keypath.dynamodb.SchemaChanges>> changes = steps.get(v - 2);
                    h.version(v, c -> changes.forEach(change -> change.accept(c)));
                }
            });
        }
    }

    /** A history of {@code version} versions made backwards from the current fields. */
    static Generated historyOf(Random r, int version) {
        List<List<Consumer<dev.keypath.dynamodb.SchemaChanges>>> steps = new ArrayList<>();
        List<String> description = new ArrayList<>();
        List<String> fields = new ArrayList<>(FIELDS);
        Map<String, Boolean> numeric = new HashMap<>(Map.of("f0", false, "f1", false, "f2", true, "f3", false));
        String name = "Gen";
        int counter = 0;
        for (int v = version; v >= 2; v--) {
            List<Consumer<dev.keypath.dynamodb.SchemaChanges>> changes = new ArrayList<>();
            Collections.shuffle(fields, r);
            int count = fields.isEmpty() ? 0 : 1 + r.nextInt(Math.min(2, fields.size()));
            for (String f : new ArrayList<>(fields.subList(0, count))) {
                int kind = r.nextInt(3);
                fields.remove(f);
                if (kind == 0) {
                    String old = "o" + counter++;
                    fields.add(old);
                    numeric.put(old, numeric.get(f));
                    changes.add(c -> c.renamed(old, f));
                    description.add(v + ": renamed " + old + " -> " + f);
                } else if (kind == 1) {
                    Object d = numeric.get(f) ? NUMBERS.get(r.nextInt(NUMBERS.size()))
                            : TEXTS.get(r.nextInt(TEXTS.size()));
                    AttributeValue value = d instanceof Long l ? AttributeValue.fromN(l.toString())
                            : AttributeValue.fromS((String) d);
                    changes.add(c -> c.added(f, value));
                    description.add(v + ": added " + f + " = " + d);
                } else {
                    changes.add(c -> c.added(f));
                    description.add(v + ": added " + f);
                }
            }
            if (changes.isEmpty() || r.nextInt(4) == 0) {
                String former = name + "_" + v;
                String now = name;
                changes.add(c -> c.typeRenamed(former, now));
                description.add(v + ": type renamed " + former + " -> " + now);
                name = former;
            }
            steps.add(0, changes);
        }
        return new Generated(version, steps, description);
    }

    /**
     * Deletes the table's layout record (docs/FORMAT.md, section 12): each example declares a history of its own for
     * the type, as another application would on a table of its own, which the record of the example before would
     * refuse.
     */
    private static void forgetLayoutRecord() {
        KeyPath record = KeyPath.of("_kp_layout", "table");
        client.deleteItem(d -> d.tableName(TABLE).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(record.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(record.sortKey())))));
    }

    @Test
    void aFilteredQueryReturnsWhatTheFilterSelectsAmongTheItemsAsTheyRead() {
        QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.engineExamples", 25))
                .forAll(longs().all()).checkAssert(seed -> {
                    Random r = new Random(seed);
                    int version = 2 + r.nextInt(3);
                    Generated generated = historyOf(r, version);
                    history = generated.history();
                    Class<?> type = version == 2 ? Gen2.class : version == 3 ? Gen3.class : Gen4.class;
                    forgetLayoutRecord();
                    KeyPathTable table = KeyPathTables.builder().client(client).tableName(TABLE).register(type)
                            .build();
                    String stored = "s" + Long.toUnsignedString(seed, 36);
                    String upgraded = "u" + Long.toUnsignedString(seed, 36);
                    List<Map<String, AttributeValue>> items = new ArrayList<>();
                    Map<Long, Integer> versions = new LinkedHashMap<>();
                    for (long id = 1; id <= 10; id++) {
                        int at = 1 + r.nextInt(version);
                        Map<String, AttributeValue> current = encode(table, type, stored, id, r);
                        Map<String, AttributeValue> old = downgraded(current, history, version, at);
                        items.add(old);
                        Map<String, AttributeValue> read = new HashMap<>(table.schema(type).upgrade(old));
                        KeyPath other = KeyPath.of("ex", upgraded).then("item", id);
                        read.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(other.partitionKey())));
                        read.put("sk", AttributeValue.fromB(SdkBytes.fromByteArray(other.sortKey())));
                        items.add(read);
                        versions.put(id, at);
                    }
                    write(items);
                    for (int f = 0; f < 4; f++) {
                        Filter filter = Filter.random(r);
                        Set<Long> expected = selected(upgraded, filter);
                        ItemQuery query = ItemQuery.of(q -> q.subtree(KeyPath.of("ex", stored))
                                .filter(filter.condition()));
                        String context = "history " + generated.description() + ", versions " + versions
                                + ", filter " + filter + ", items " + items;
                        Set<Long> actual = table.stream(query).map(i -> idOf(i)).collect(Collectors.toCollection(
                                TreeSet::new));
                        assertThat(actual).as(context).isEqualTo(expected);
                        assertThat(table.count(query)).as(context).isEqualTo(expected.size());
                        if (f == 0) {
                            for (long id : versions.keySet()) {
                                KeyPath path = KeyPath.of("ex", stored).then("item", id);
                                boolean held = true;
                                try {
                                    table.transact(tx -> tx.conditionCheck(type, path, filter.condition()));
                                } catch (TransactionFailedException e) {
                                    held = false;
                                }
                                assertThat(held).as("condition check of item " + id + ": " + context)
                                        .isEqualTo(expected.contains(id));
                            }
                        }
                    }
                });
    }

    private static long idOf(Object item) {
        if (item instanceof Gen2 g) {
            return g.id();
        }
        return item instanceof Gen3 g ? g.id() : ((Gen4) item).id();
    }

    /** A current item of {@code type} in partition {@code ex}, its fields drawn from small domains. */
    private static Map<String, AttributeValue> encode(KeyPathTable table, Class<?> type, String ex, long id, Random r) {
        String f0 = text(r);
        String f1 = text(r);
        Long f2 = r.nextInt(5) == 0 ? null : (Long) NUMBERS.get(r.nextInt(NUMBERS.size()));
        String f3 = text(r);
        Object item = type == Gen2.class ? new Gen2(ex, id, f0, f1, f2, f3)
                : type == Gen3.class ? new Gen3(ex, id, f0, f1, f2, f3) : new Gen4(ex, id, f0, f1, f2, f3);
        @SuppressWarnings("unchecked")
        ItemSchema<Object> schema = (ItemSchema<Object>) table.schema(type);
        return new HashMap<>(schema.toItem(item));
    }

    private static String text(Random r) {
        return r.nextInt(5) == 0 ? null : (String) TEXTS.get(r.nextInt(TEXTS.size()));
    }

    /** {@code current} turned back into the stored form of version {@code at}, as code of that version stored it. */
    private static Map<String, AttributeValue> downgraded(Map<String, AttributeValue> current, ItemHistory history,
                                                          int version, int at) {
        Map<String, AttributeValue> item = new HashMap<>(current);
        for (int v = version; v > at; v--) {
            List<SchemaChange> changes = history.steps().get(v - 2).changes();
            for (int i = changes.size() - 1; i >= 0; i--) {
                changes.get(i).downgrade(item);
            }
        }
        if (at == 1) {
            item.remove("_kp_v");
        } else {
            item.put("_kp_v", AttributeValue.fromN(Integer.toString(at)));
        }
        return item;
    }

    private static void write(List<Map<String, AttributeValue>> items) {
        for (int from = 0; from < items.size(); from += 25) {
            List<WriteRequest> puts = items.subList(from, Math.min(items.size(), from + 25)).stream()
                    .map(i -> WriteRequest.builder().putRequest(PutRequest.builder().item(i).build()).build())
                    .toList();
            Map<String, List<WriteRequest>> left = Map.of(TABLE, puts);
            while (!left.isEmpty()) {
                Map<String, List<WriteRequest>> request = left;
                left = client.batchWriteItem(b -> b.requestItems(request)).unprocessedItems();
            }
        }
    }

    /** The ids DynamoDB's own evaluation of {@code filter}, as written, selects in partition {@code ex}. */
    private static Set<Long> selected(String ex, Filter filter) {
        KeyPath partition = KeyPath.of("ex", ex);
        Map<String, String> names = new LinkedHashMap<>(filter.names());
        names.put("#kp_pk", "pk");
        Map<String, AttributeValue> values = new LinkedHashMap<>(filter.attributeValues());
        values.put(":kp_pk", AttributeValue.fromB(SdkBytes.fromByteArray(partition.partitionKey())));
        Set<Long> ids = new TreeSet<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryRequest.Builder q = QueryRequest.builder().tableName(TABLE).consistentRead(true)
                    .keyConditionExpression("#kp_pk = :kp_pk").filterExpression(filter.expression())
                    .expressionAttributeNames(names).expressionAttributeValues(values);
            if (start != null) {
                q.exclusiveStartKey(start);
            }
            QueryResponse page = client.query(q.build());
            for (Map<String, AttributeValue> item : page.items()) {
                byte[] sk = item.get("sk").b().asByteArray();
                ids.add(KeyPath.decode(partition.partitionKey(), sk).id(1).asLong());
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return ids;
    }

    /** A generated filter: its text, name placeholders and values. */
    record Filter(String expression, Map<String, String> names, Map<String, Object> values) {
        Condition condition() {
            return Condition.of(expression, names, values);
        }

        Map<String, AttributeValue> attributeValues() {
            Map<String, AttributeValue> out = new LinkedHashMap<>();
            values.forEach((k, v) -> out.put(k, v instanceof Long l ? AttributeValue.fromN(l.toString())
                    : AttributeValue.fromS((String) v)));
            return out;
        }

        static Filter random(Random r) {
            Builder b = new Builder(r);
            return new Filter(b.condition(0), b.names, b.values);
        }

        @Override
        public String toString() {
            return expression + " " + names + " " + values;
        }

        /** Writes one filter. Not thread-safe. */
        private static final class Builder {
            private final Random r;
            private final Map<String, String> names = new LinkedHashMap<>();
            private final Map<String, Object> values = new LinkedHashMap<>();

            Builder(Random r) {
                this.r = r;
            }

            String condition(int depth) {
                int k = depth >= 2 ? 3 + r.nextInt(7) : r.nextInt(10);
                return switch (k) {
                    case 0 -> condition(depth + 1) + " AND " + condition(depth + 1);
                    case 1 -> "(" + condition(depth + 1) + " OR " + condition(depth + 1) + ")";
                    case 2 -> {
                        String negated = condition(depth + 1);
                        yield "NOT " + (negated.startsWith("(") ? negated : "(" + negated + ")");
                    }
                    default -> atom();
                };
            }

            private String atom() {
                int kind = r.nextInt(11);
                if (kind == 10) {
                    return path(TYPE) + " " + (r.nextBoolean() ? "=" : "<>") + " "
                            + value(r.nextBoolean() ? "Gen" : "Gen_" + (2 + r.nextInt(3)));
                }
                String field = field();
                String path = path(field);
                return switch (kind) {
                    case 0 -> path + " " + comparator() + " " + value(r.nextBoolean());
                    case 1 -> {
                        String other = FIELDS.get(r.nextInt(FIELDS.size()));
                        yield other.equals(field) ? path + " = " + value(false)
                                : path + " " + comparator() + " " + path(other);
                    }
                    case 2 -> {
                        boolean numeric = r.nextBoolean();
                        String other = FIELDS.get(r.nextInt(FIELDS.size()));
                        if (!other.equals(field) && r.nextInt(3) == 0) {
                            // a bound that is a field: where a default stands for it, both bounds are values
                            yield r.nextBoolean() ? path + " BETWEEN " + value(numeric) + " AND " + path(other)
                                    : value(numeric) + " BETWEEN " + path + " AND " + path(other);
                        }
                        Object low = sample(numeric);
                        Object high = sample(numeric);
                        if (compare(low, high) > 0) {
                            Object t = low;
                            low = high;
                            high = t;
                        }
                        yield path + " BETWEEN " + value(low) + " AND " + value(high);
                    }
                    case 3 -> path + " IN (" + value(r.nextBoolean()) + ", " + value(r.nextBoolean()) + ")";
                    case 4 -> "attribute_exists(" + path + ")";
                    case 5 -> "attribute_not_exists(" + path + ")";
                    case 6 -> "begins_with(" + path + ", " + value(false) + ")";
                    case 7 -> "contains(" + path + ", " + value(false) + ")";
                    case 8 -> "size(" + path + ") " + comparator() + " " + value(true);
                    default -> "attribute_type(" + path + ", " + value(r.nextBoolean() ? "S" : "N") + ")";
                };
            }

            private static final String TYPE = "_type";

            private String field() {
                return FIELDS.get(r.nextInt(FIELDS.size()));
            }

            private String path(String attribute) {
                String placeholder = "#p" + names.size();
                names.put(placeholder, attribute);
                return placeholder;
            }

            private String comparator() {
                return List.of("=", "<>", "<", "<=", ">", ">=").get(r.nextInt(6));
            }

            private String value(boolean numeric) {
                return value(sample(numeric));
            }

            private String value(Object v) {
                String placeholder = ":v" + values.size();
                values.put(placeholder, v);
                return placeholder;
            }

            private Object sample(boolean numeric) {
                return numeric ? NUMBERS.get(r.nextInt(NUMBERS.size())) : TEXTS.get(r.nextInt(TEXTS.size()));
            }

            private static int compare(Object a, Object b) {
                if (a instanceof Long x) {
                    return Long.compare(x, (Long) b);
                }
                return ((String) a).compareTo((String) b);
            }
        }
    }
}
