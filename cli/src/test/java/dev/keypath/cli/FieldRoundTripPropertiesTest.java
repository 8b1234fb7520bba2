package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.storage.CurrentStoredForm;
import dev.keypath.export.ExportDirectory;
import dev.keypath.export.ExportItems;
import dev.keypath.export.ExportReader;
import dev.keypath.export.TableExporter;
import dev.keypath.export.TableImporter;
import dev.keypath.export.UnreadableItems;
import dev.keypath.migrate.SchemaRewrite;
import dev.keypath.test.TestDynamoDb;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.assertj.core.api.recursive.comparison.RecursiveComparisonConfiguration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quicktheories.QuickTheory;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every kind of field, null, empty and filled, comes back equal from every path an item takes: a put then a get
 * (synchronous and asynchronous), an item an older build stored (nulls as {@code NULL}, sets as lists) read, rewritten
 * in its current form ({@link SchemaRewrite}) and read again, and, for all of them together, an export read with
 * {@link ExportReader} and an export imported into a fresh table and read there. The fields: text, integers of each
 * width, big integers, decimals, doubles, booleans, bytes, UUIDs, instants, enums, a nested record, and sets of each
 * element type (text, longs, integers, decimals, doubles, UUIDs, instants, enums, booleans, records), lists, maps and
 * nested collections, each null, empty or holding values (nulls among them where a collection keeps them). Both
 * mapping paths: a plain record, and a class Jackson maps. The examples are
 * {@code -Dkeypath.properties.engineExamples} (default 25), each of eight items.
 */
class FieldRoundTripPropertiesTest {
    enum Color { RED, GREEN, BLUE }

    /** A nested record with collections of its own. */
    record Part(String name, Set<String> tags, List<Long> counts, Map<String, String> notes) {
    }

    /** Every kind of field, as a plain record (mapped without Jackson). */
    @ItemType(keyPath = "/all-{id}", name = "All")
    record All(String id, String text, long primitive, Integer boxed, Short small, BigInteger big, BigDecimal decimal,
               Double ratio, boolean flag, Boolean maybe, byte[] data, UUID ref, Instant at, Color color, Part part,
               Set<String> texts, Set<Long> longs, Set<Integer> ints, Set<BigDecimal> decimals, Set<Double> doubles,
               Set<UUID> refs, Set<Instant> times, Set<Color> colors, Set<Boolean> flags, Set<Part> parts,
               List<String> list, List<Part> partList, List<Set<String>> setList, List<List<Long>> nested,
               Map<String, String> map, Map<String, Set<Long>> setMap, Map<String, Part> partMap,
               Map<String, List<String>> listMap) {
    }

    /** The same fields in a class Jackson maps. */
    @ItemType(keyPath = "/bean-{id}", name = "Bean")
    public static final class Bean {
        public String id;
        public String text;
        public Set<String> texts;
        public Set<Long> longs;
        public Set<UUID> refs;
        public Set<Color> colors;
        public Set<Part> parts;
        public List<String> list;
        public List<Set<String>> setList;
        public Map<String, Set<Long>> setMap;
        public Map<String, String> map;
        public Part part;

        Bean() {
        }

        static Bean of(All a) {
            Bean b = new Bean();
            b.id = a.id();
            b.text = a.text();
            b.texts = a.texts();
            b.longs = a.longs();
            b.refs = a.refs();
            b.colors = a.colors();
            b.parts = a.parts();
            b.list = a.list();
            b.setList = a.setList();
            b.setMap = a.setMap();
            b.map = a.map();
            b.part = a.part();
            return b;
        }
    }

    static final int EXAMPLES = Integer.getInteger("keypath.properties.engineExamples", 25);
    static final int PER_EXAMPLE = 4;

    static KeyPathTable table;
    static KeyPathAsyncTable async;
    @TempDir
    static Path dir;
    /** Every object stored, by key path: what every read must give. */
    static final Map<KeyPath, Object> stored = new HashMap<>();

    @BeforeAll
    static void tables() {
        String name = TestDynamoDb.uniqueTableName("field-round-trip");
        table = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(name)
                .register(All.class, Bean.class).build();
        table.bootstrap();
        async = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient()).tableName(name)
                .register(All.class, Bean.class).build();
    }

    static RecursiveComparisonConfiguration equality() {
        return RecursiveComparisonConfiguration.builder().withIgnoreCollectionOrder(true)
                .withComparatorForType(BigDecimal::compareTo, BigDecimal.class).withStrictTypeChecking(false).build();
    }

    @Test
    void everyFieldComesBackEqualFromEveryPath() {
        SchemaRewrite all = SchemaRewrite.builder().client(table.client()).table(table.tableName())
                .type(table.schema(All.class)).build();
        SchemaRewrite beans = SchemaRewrite.builder().client(table.client()).table(table.tableName())
                .type(table.schema(Bean.class)).build();
        QuickTheory.qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Random random = new Random(seed);
            for (int n = 0; n < PER_EXAMPLE; n++) {
                All a = new Values(random).all("p" + seed + "-" + n);
                Bean b = Bean.of(a);
                putAndGet(a, KeyPath.of("all", a.id()), All.class, n % 2 == 1);
                putAndGet(b, KeyPath.of("bean", b.id), Bean.class, n % 2 == 0);

                All olderA = new Values(new Random(seed + n)).all("o" + seed + "-" + n);
                olderBuildThenRewrite(olderA, KeyPath.of("all", olderA.id()), All.class, all);
                Bean olderB = Bean.of(olderA);
                olderB.id = "o" + seed + "-" + n;
                olderBuildThenRewrite(olderB, KeyPath.of("bean", olderB.id), Bean.class, beans);
            }
        });

        ExportDirectory export = TableExporter.builder().client(table.client()).tableName(table.tableName())
                .directory(dir).segments(2).build().export();
        Map<KeyPath, Object> exported = new HashMap<>();
        try (ExportItems items = ExportReader.of(export).items(table, UnreadableItems.FAIL)) {
            items.forEachRemaining(e -> exported.put(e.keyPath(), e.item()));
        }
        assertThat(exported.keySet()).isEqualTo(stored.keySet());
        stored.forEach((path, object) -> assertThat(exported.get(path)).as("exported %s", path)
                .usingRecursiveComparison(equality()).isEqualTo(object));

        KeyPathTable copy = KeyPathTables.builder().client(table.client())
                .tableName(TestDynamoDb.uniqueTableName("field-round-trip-copy")).register(All.class, Bean.class)
                .build();
        TableImporter.builder().table(copy).directory(export.path()).createTable(true).build().run();
        stored.forEach((path, object) -> assertThat(copy.get(object.getClass(), path)).as("imported %s", path)
                .get().usingRecursiveComparison(equality()).isEqualTo(object));
    }

    private static <T> void putAndGet(T object, KeyPath path, Class<T> type, boolean viaAsync) {
        if (viaAsync) {
            async.put(object).join();
        } else {
            table.put(object);
        }
        T read = viaAsync ? async.get(type, path).join().orElseThrow() : table.get(type, path).orElseThrow();
        assertThat(read).as("put then get of %s", path).usingRecursiveComparison(equality()).isEqualTo(object);
        stored.put(path, object);
    }

    /**
     * Stores {@code object} as an older build did, checks it reads as {@code object}, rewrites it, and checks that it
     * is stored as a put stores it now and still reads as {@code object}.
     */
    private static <T> void olderBuildThenRewrite(T object, KeyPath path, Class<T> type, SchemaRewrite rewrite) {
        Map<String, AttributeValue> current = table.schema(type).toItem(object);
        table.batchPutStored(List.of(OlderBuild.of(current, type)));
        assertThat(table.get(type, path)).as("older build's %s", path).get().usingRecursiveComparison(equality())
                .isEqualTo(object);

        rewrite.upgrade(path);

        Map<String, AttributeValue> rewritten = raw(path);
        assertThat(CurrentStoredForm.of(table.schema(type), rewritten)).as("rewritten %s is current", path)
                .isSameAs(rewritten);
        assertThat(rewritten).as("rewritten %s", path).doesNotContainValue(AttributeValue.fromNul(true))
                .containsOnlyKeys(current.keySet());
        assertThat(table.get(type, path)).as("rewritten %s", path).get().usingRecursiveComparison(equality())
                .isEqualTo(object);
        stored.put(path, object);
    }

    private static Map<String, AttributeValue> raw(KeyPath path) {
        return table.client().getItem(r -> r.tableName(table.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    /**
     * An item as a build before nulls were left out and sets were stored as sets wrote it: each null field of the
     * item and of a nested record as {@code NULL}, each set as a list.
     */
    static final class OlderBuild {
        private static final List<String> PART_FIELDS = List.of("name", "tags", "counts", "notes");

        private OlderBuild() {
        }

        static Map<String, AttributeValue> of(Map<String, AttributeValue> current, Class<?> type) {
            Map<String, AttributeValue> older = new LinkedHashMap<>();
            current.forEach((k, v) -> older.put(k, lists(v)));
            for (var c : type == All.class ? Arrays.stream(All.class.getRecordComponents()).map(r -> r.getName())
                    .toList() : Arrays.stream(Bean.class.getFields()).map(f -> f.getName()).toList()) {
                if (!c.equals("id")) {
                    older.putIfAbsent(c, AttributeValue.fromNul(true));
                }
            }
            older.computeIfPresent("part", (k, v) -> part(v));
            older.computeIfPresent("parts", (k, v) -> v.hasL() ? AttributeValue.fromL(v.l().stream()
                    .map(OlderBuild::part).toList()) : v);
            older.computeIfPresent("partList", (k, v) -> v.hasL() ? AttributeValue.fromL(v.l().stream()
                    .map(OlderBuild::part).toList()) : v);
            older.computeIfPresent("partMap", (k, v) -> {
                if (!v.hasM()) {
                    return v;
                }
                Map<String, AttributeValue> m = new LinkedHashMap<>();
                v.m().forEach((key, p) -> m.put(key, part(p)));
                return AttributeValue.fromM(m);
            });
            return older;
        }

        private static AttributeValue part(AttributeValue v) {
            if (!v.hasM()) {
                return v;
            }
            Map<String, AttributeValue> m = new LinkedHashMap<>(v.m());
            PART_FIELDS.forEach(f -> m.putIfAbsent(f, AttributeValue.fromNul(true)));
            return AttributeValue.fromM(m);
        }

        private static AttributeValue lists(AttributeValue v) {
            return switch (v.type()) {
                case SS -> AttributeValue.fromL(v.ss().stream().map(AttributeValue::fromS).toList());
                case NS -> AttributeValue.fromL(v.ns().stream().map(AttributeValue::fromN).toList());
                case BS -> AttributeValue.fromL(v.bs().stream().map(AttributeValue::fromB).toList());
                case L -> AttributeValue.fromL(v.l().stream().map(OlderBuild::lists).toList());
                case M -> {
                    Map<String, AttributeValue> m = new LinkedHashMap<>();
                    v.m().forEach((k, e) -> m.put(k, lists(e)));
                    yield AttributeValue.fromM(m);
                }
                default -> v;
            };
        }
    }

    /** Field values from a seed: each collection null, empty or holding one to three values. */
    static final class Values {
        private final Random random;

        Values(Random random) {
            this.random = random;
        }

        All all(String id) {
            return new All(id, maybe(this::text), random.nextLong(), maybe(random::nextInt),
                    maybe(() -> (short) random.nextInt()), maybe(this::big), maybe(this::decimal),
                    maybe(this::ratio), random.nextBoolean(), maybe(random::nextBoolean), maybe(this::bytes),
                    maybe(this::uuid), maybe(this::instant), maybe(this::color), maybe(this::part),
                    set(this::text, false), set(random::nextLong, false), set(random::nextInt, false),
                    set(this::decimal, false), set(this::ratio, false), set(this::uuid, false),
                    set(this::instant, false), set(this::color, false), set(random::nextBoolean, true),
                    set(this::part, true), list(this::text), list(this::part), list(() -> set(this::text, false)),
                    list(() -> list(random::nextLong)), map(this::text), map(() -> set(random::nextLong, false)),
                    map(this::part), map(() -> list(this::text)));
        }

        private Part part() {
            return new Part(maybe(this::text), set(this::text, false), list(random::nextLong), map(this::text));
        }

        private <T> T maybe(Supplier<T> value) {
            return random.nextInt(4) == 0 ? null : value.get();
        }

        /** Null, empty, or one to three values (with a null among them when {@code nulls} and it falls so). */
        private <T> Set<T> set(Supplier<T> value, boolean nulls) {
            int size = random.nextInt(5) - 1;
            if (size < 0) {
                return null;
            }
            Set<T> set = new LinkedHashSet<>();
            for (int i = 0; i < size; i++) {
                set.add(nulls && random.nextInt(5) == 0 ? null : value.get());
            }
            return set;
        }

        private <T> List<T> list(Supplier<T> value) {
            int size = random.nextInt(5) - 1;
            if (size < 0) {
                return null;
            }
            List<T> list = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                list.add(random.nextInt(6) == 0 ? null : value.get());
            }
            return list;
        }

        private <T> Map<String, T> map(Supplier<T> value) {
            int size = random.nextInt(5) - 1;
            if (size < 0) {
                return null;
            }
            Map<String, T> map = new LinkedHashMap<>();
            for (int i = 0; i < size; i++) {
                map.put("k" + random.nextInt(10), random.nextInt(6) == 0 ? null : value.get());
            }
            return map;
        }

        private String text() {
            return switch (random.nextInt(4)) {
                case 0 -> "";
                case 1 -> "t" + random.nextInt(100);
                case 2 -> "ünï \uD83D\uDE00 " + random.nextInt(10);
                default -> Long.toString(random.nextLong(), 36);
            };
        }

        private BigInteger big() {
            return new BigInteger(120, random).subtract(BigInteger.ONE.shiftLeft(119)); // within 38 digits
        }

        private BigDecimal decimal() {
            return BigDecimal.valueOf(random.nextLong() % 1_000_000_000_000L, random.nextInt(20) - 5);
        }

        private Double ratio() {
            return (random.nextInt(2_000_001) - 1_000_000) / 64.0;
        }

        private byte[] bytes() {
            byte[] b = new byte[random.nextInt(4)];
            random.nextBytes(b);
            return b;
        }

        private UUID uuid() {
            return new UUID(random.nextLong(), random.nextLong());
        }

        private Instant instant() {
            return Instant.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000_000));
        }

        private Color color() {
            return Color.values()[random.nextInt(3)];
        }
    }
}
