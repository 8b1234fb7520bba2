package dev.keypath.dynamodb.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.Generate.longRange;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records of plain components map without Jackson, and give exactly what the Jackson path gives: the same stored
 * attributes, the same objects read back (down to the collection classes), the same errors, for generated records
 * and for generated stored items that no keypath write would produce (other value kinds, missing attributes, sets
 * stored as lists and lists as sets). Both store a null field as no attribute and a set of text or numbers as a
 * DynamoDB set.
 */
class PlainRecordMappingTest {
    enum Color { RED, GREEN, BLUE }

    record Detail(String name, Color color, Instant at, List<Integer> counts) {
    }

    @ItemType(keyPath = "/account-{account}/entry-{entry}", name = "Entry")
    record Entry(UUID account, long entry, String text, int count, Integer boxed, short small, byte tiny, double ratio,
                 Float share, BigDecimal amount, BigInteger big, boolean flag, Boolean maybe, UUID ref, Instant at,
                 Color color, List<String> tags, Set<Long> ids, Collection<Double> samples, Map<String, Double> scores,
                 Detail detail, List<Detail> history, Map<String, List<Instant>> times, @Version long version,
                 @TimeToLive Instant expires, Set<String> names, Set<UUID> refs, Set<Color> colors,
                 Set<Instant> moments, Set<BigDecimal> amounts, Map<String, Set<Integer>> groups) {
    }

    @ItemType(keyPath = "/item-{id}")
    record Renamed(String id, @JsonProperty("label") String name) {
    }

    @ItemType(keyPath = "/item-{id}")
    record ExtraGetter(String id, String name) {
        public String getDisplay() {
            return "(" + name + ")";
        }
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
    interface Typed {
    }

    @ItemType(keyPath = "/item-{id}")
    record InheritsAnnotations(String id) implements Typed {
    }

    enum Coded {
        ONE;

        @JsonValue
        String code() {
            return "1";
        }
    }

    @ItemType(keyPath = "/item-{id}")
    record CodedEnum(String id, Coded coded) {
    }

    @ItemType(keyPath = "/item-{id}")
    record OptionalField(String id, Optional<String> name) {
    }

    @ItemType(keyPath = "/item-{id}")
    record AnyValue(String id, Object value) {
    }

    record Node(String name, List<Node> children) {
    }

    @ItemType(keyPath = "/item-{id}")
    record Tree(String id, Node root) {
    }

    private static final DefaultItemSchema<Entry> PLAIN = DefaultItemSchema.create(Entry.class, MapperSource.DEFAULT);
    /** The same type through Jackson: a mapper of the caller's (built like keypath's default) never maps plainly. */
    private static final DefaultItemSchema<Entry> JACKSON = DefaultItemSchema.create(Entry.class,
            MapperSource.of(JsonMapper.builder().build(), false));
    private static final DefaultItemSchema<Entry> STRICT_PLAIN = DefaultItemSchema.create(Entry.class,
            MapperSource.of(null, true));
    private static final DefaultItemSchema<Entry> STRICT_JACKSON = DefaultItemSchema.create(Entry.class,
            MapperSource.of(JsonMapper.builder().build(), true));

    private static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.examples", 500));
    }

    @Test
    void recordsOfPlainComponentsMapWithoutJacksonAndOthersThroughIt() {
        assertThat(PLAIN.mapsWithoutJackson()).isTrue();
        assertThat(STRICT_PLAIN.mapsWithoutJackson()).isTrue();
        assertThat(JACKSON.mapsWithoutJackson()).isFalse();
        for (Class<?> type : List.of(Renamed.class, ExtraGetter.class, InheritsAnnotations.class, CodedEnum.class,
                OptionalField.class, AnyValue.class, Tree.class)) {
            assertThat(DefaultItemSchema.create(type, MapperSource.DEFAULT).mapsWithoutJackson()).as(type.getName())
                    .isFalse();
        }
    }

    @Test
    void aGeneratedRecordIsStoredAsJacksonStoresItAndReadBackAlike() {
        qt().forAll(longRange(Long.MIN_VALUE, Long.MAX_VALUE)).checkAssert(seed -> {
            Entry entry = new Values(new Random(seed)).entry();
            Outcome plainWrite = Outcome.of(() -> PLAIN.toItem(entry));
            Outcome jacksonWrite = Outcome.of(() -> JACKSON.toItem(entry));
            assertThat(plainWrite).as("write of %s", entry).isEqualTo(jacksonWrite);
            if (plainWrite.value() != null) {
                @SuppressWarnings("unchecked")
                Map<String, AttributeValue> stored = (Map<String, AttributeValue>) plainWrite.value();
                assertSameRead(stored);
            }
        });
    }

    @Test
    void aNullFieldIsNoAttributeAndASetOfTextOrNumbersIsADynamoSetAndAnEmptySetAnEmptyList() {
        qt().forAll(longRange(Long.MIN_VALUE, Long.MAX_VALUE)).checkAssert(seed -> {
            Entry entry = withFiniteNumbers(new Values(new Random(seed)).entry());
            Map<String, AttributeValue> stored = PLAIN.toItem(entry);
            for (Map.Entry<String, AttributeValue> a : stored.entrySet()) {
                assertThat(a.getValue().nul()).as("field %s of %s", a.getKey(), entry).isNull();
            }
            if (stored.get("detail") != null) {
                assertThat(stored.get("detail").m().values()).allSatisfy(v -> assertThat(v.nul()).isNull());
            }
            for (String name : List.of("ids", "names", "refs", "colors", "moments", "amounts")) {
                Set<?> set = null;
                for (java.lang.reflect.RecordComponent c : Entry.class.getRecordComponents()) {
                    if (c.getName().equals(name)) {
                        set = (Set<?>) value(c, entry);
                    }
                }
                AttributeValue a = stored.get(name);
                if (set == null) {
                    assertThat(a).as("%s of %s", name, entry).isNull();
                } else if (set.isEmpty()) {
                    assertThat(a).as("%s of %s", name, entry).isEqualTo(AttributeValue.fromL(List.of()));
                } else if (set.contains(null)) {
                    assertThat(a.hasL()).as("%s of %s", name, entry).isTrue();
                } else {
                    assertThat(a.hasSs() || a.hasNs()).as("%s of %s", name, entry).isTrue();
                }
            }
        });
    }

    private static Object value(java.lang.reflect.RecordComponent c, Entry e) {
        try {
            return c.getAccessor().invoke(e);
        } catch (ReflectiveOperationException x) {
            throw new AssertionError(x);
        }
    }

    @Test
    void aStoredItemNoWriteWouldMakeIsReadAsJacksonReadsIt() {
        Entry base = new Values(new Random(7)).entry();
        Map<String, AttributeValue> stored = JACKSON.toItem(withFiniteNumbers(base));
        qt().forAll(longRange(Long.MIN_VALUE, Long.MAX_VALUE)).checkAssert(seed -> {
            Random random = new Random(seed);
            Map<String, AttributeValue> changed = new LinkedHashMap<>(stored);
            int changes = 1 + random.nextInt(3);
            for (int i = 0; i < changes; i++) {
                mutate(changed, random);
            }
            assertSameRead(changed);
        });
    }

    private static void assertSameRead(Map<String, AttributeValue> stored) {
        assertThat(Outcome.of(() -> PLAIN.fromItem(stored))).as("read of %s", stored)
                .isEqualTo(Outcome.of(() -> JACKSON.fromItem(stored)));
        assertThat(Outcome.of(() -> STRICT_PLAIN.fromItem(stored))).as("strict read of %s", stored)
                .isEqualTo(Outcome.of(() -> STRICT_JACKSON.fromItem(stored)));
    }

    private static Entry withFiniteNumbers(Entry e) {
        return new Entry(e.account(), e.entry(), e.text(), e.count(), e.boxed(), e.small(), e.tiny(), 0.5, 1.5f,
                e.amount(), e.big(), e.flag(), e.maybe(), e.ref(), e.at(), e.color(), e.tags(), e.ids(),
                new ArrayList<>(List.of(1.25)), new LinkedHashMap<>(Map.of("a", 2.5)), e.detail(), e.history(),
                e.times(), e.version(), e.expires(), e.names(), e.refs(), e.colors(), e.moments(), e.amounts(),
                e.groups());
    }

    private static final List<String> NON_KEYS = Arrays.stream(Entry.class.getRecordComponents())
            .map(c -> c.getName()).filter(n -> !n.equals("account") && !n.equals("entry")).toList();

    /** One change that a stored item could have: another kind of value, odd number text, a missing attribute. */
    private static void mutate(Map<String, AttributeValue> item, Random random) {
        String name = NON_KEYS.get(random.nextInt(NON_KEYS.size()));
        AttributeValue[] replacements = {
            AttributeValue.fromNul(true), AttributeValue.fromS("text"), AttributeValue.fromS(""),
            AttributeValue.fromN("1.0"), AttributeValue.fromN("007"), AttributeValue.fromN("1E3"),
            AttributeValue.fromN("-0"), AttributeValue.fromN("4.75"), AttributeValue.fromN("1E+400"),
            AttributeValue.fromN("99999999999999999999"), AttributeValue.fromN("32768"), AttributeValue.fromN("128"),
            AttributeValue.fromN("2147483648"), AttributeValue.fromBool(true),
            AttributeValue.fromS("4C9D36E5-6B19-4E6A-828C-226ED667458A"),
            AttributeValue.fromS("4c9d36e5-6b19-4e6a-828c-226ed667458a"),
            AttributeValue.fromS("2025-03-14T15:09:26.535Z"), AttributeValue.fromS("2025-03-14T15:09:26.5Z"),
            AttributeValue.fromS("2025-03-14T15:09:26.535+00:00"), AttributeValue.fromS("RED"),
            AttributeValue.fromS("red"), AttributeValue.fromL(List.of()),
            AttributeValue.fromL(List.of(AttributeValue.fromN("1"), AttributeValue.fromNul(true))),
            AttributeValue.fromL(List.of(AttributeValue.fromS("a"), AttributeValue.fromS("a"))),
            AttributeValue.fromSs(List.of("a", "b")), AttributeValue.fromNs(List.of("1", "2")),
            AttributeValue.fromSs(List.of("RED", "GREEN")), AttributeValue.fromSs(List.of("2025-03-14T15:09:26.535Z")),
            AttributeValue.fromSs(List.of("4c9d36e5-6b19-4e6a-828c-226ed667458a")),
            AttributeValue.fromNs(List.of("1.50", "7", "2147483648")),
            AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {1}))),
            AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromS("x"))),
            AttributeValue.fromM(Map.of("k", AttributeValue.fromNs(List.of("1")), "j", AttributeValue.fromNul(true))),
            AttributeValue.fromM(Map.of()), AttributeValue.fromM(Map.of("name", AttributeValue.fromS("n"),
                    "color", AttributeValue.fromS("BLUE"), "at", AttributeValue.fromNul(true),
                    "counts", AttributeValue.fromL(List.of()), "extra", AttributeValue.fromN("1"))),
            AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2})),
        };
        int pick = random.nextInt(replacements.length + 2);
        if (pick == replacements.length) {
            item.remove(name);
        } else if (pick == replacements.length + 1) {
            item.put("unknown" + random.nextInt(3), AttributeValue.fromS("ignored"));
        } else {
            item.put(name, replacements[pick]);
        }
    }

    /** A value or the class and message of what was thrown, comparable. */
    record Outcome(Object value, Class<?> thrown, String message) {
        static Outcome of(Supplier<?> call) {
            try {
                Object v = call.get();
                return new Outcome(v instanceof Entry e ? new Comparable(e) : v, null, null);
            } catch (RuntimeException e) {
                return new Outcome(null, e.getClass(), e.getMessage());
            }
        }
    }

    /** An entry with the classes of its collections, which record equality does not compare. */
    record Comparable(Entry entry, List<Class<?>> classes) {
        Comparable(Entry e) {
            this(e, Arrays.asList(classOf(e.tags()), classOf(e.ids()), classOf(e.samples()), classOf(e.scores()),
                    classOf(e.history()), classOf(e.times()), e.detail() == null ? null : classOf(e.detail().counts()),
                    classOf(e.names()), classOf(e.refs()), classOf(e.colors()), classOf(e.moments()),
                    classOf(e.amounts()), classOf(e.groups())));
        }

        private static Class<?> classOf(Object o) {
            return o == null ? null : o.getClass();
        }
    }

    /** Random component values, edges included: nulls, non-finite and huge numbers, far instants, empty text. */
    private static final class Values {
        private final Random random;

        Values(Random random) {
            this.random = random;
        }

        Entry entry() {
            return new Entry(UUID.randomUUID(), random.nextLong() & Long.MAX_VALUE, text(), random.nextInt(),
                    maybe(() -> random.nextInt()), (short) random.nextInt(), (byte) random.nextInt(), floating(),
                    maybe(() -> (float) floating()), maybe(this::decimal), maybe(() -> new BigInteger(90, random)
                            .subtract(BigInteger.ONE.shiftLeft(89))), random.nextBoolean(),
                    maybe(random::nextBoolean), maybe(UUID::randomUUID), maybe(this::instant), maybe(this::color),
                    maybe(() -> list(this::text)), maybe(() -> new LinkedHashSet<>(list(random::nextLong))),
                    maybe(() -> list(this::floating)), maybe(() -> map(this::floating)), maybe(this::detail),
                    maybe(() -> list(this::detail)), maybe(() -> map(() -> list(this::instant))), random.nextInt(5),
                    maybe(this::instant), maybe(() -> set(this::text)), maybe(() -> set(UUID::randomUUID)),
                    maybe(() -> set(this::color)), maybe(() -> set(this::instant)), maybe(() -> set(this::decimal)),
                    maybe(() -> map(() -> set(random::nextInt))));
        }

        /** A set, sometimes empty, sometimes holding a null; with a set's class, or another collection's. */
        private <T> Set<T> set(Supplier<T> element) {
            Set<T> out = random.nextBoolean() ? new LinkedHashSet<>() : new java.util.HashSet<>();
            out.addAll(list(element));
            return out;
        }

        private Detail detail() {
            return new Detail(maybe(this::text), maybe(this::color), maybe(this::instant),
                    maybe(() -> list(() -> maybe(random::nextInt))));
        }

        private <T> T maybe(Supplier<T> value) {
            return random.nextInt(6) == 0 ? null : value.get();
        }

        private String text() {
            String[] samples = {"", "hello", "ünïcødé ✓", "a\u0000b", "\uD83D\uDE00", "x".repeat(300)};
            return samples[random.nextInt(samples.length)] + random.nextInt(10);
        }

        private double floating() {
            double[] edges = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE,
                1e-300, 42.0, 0.1};
            return random.nextInt(4) == 0 ? edges[random.nextInt(edges.length)] : random.nextGaussian() * 1e6;
        }

        private BigDecimal decimal() {
            return new BigDecimal(BigInteger.valueOf(random.nextLong()), random.nextInt(140) - 70);
        }

        private Instant instant() {
            return random.nextInt(8) == 0 ? Instant.ofEpochSecond(random.nextLong() % Instant.MAX.getEpochSecond())
                    : Instant.ofEpochSecond(random.nextInt(), random.nextInt(4) * 250_000_000L
                            + (random.nextBoolean() ? 0 : random.nextInt(1_000_000)));
        }

        private Color color() {
            return Color.values()[random.nextInt(Color.values().length)];
        }

        private <T> List<T> list(Supplier<T> element) {
            int n = random.nextInt(4);
            List<T> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                out.add(random.nextInt(10) == 0 ? null : element.get());
            }
            return out;
        }

        private <T> Map<String, T> map(Supplier<T> value) {
            Map<String, T> out = new HashMap<>();
            int n = random.nextInt(3);
            for (int i = 0; i < n; i++) {
                out.put("k" + i, random.nextInt(10) == 0 ? null : value.get());
            }
            return out;
        }
    }
}
