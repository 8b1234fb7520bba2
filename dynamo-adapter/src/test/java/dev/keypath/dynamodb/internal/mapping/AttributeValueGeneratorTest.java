package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.dynamodb.internal.expression.ValueConverter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.annotation.ItemType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What Jackson's serializers write, as {@link AttributeValueGenerator} stores it: every token kind, nested values,
 * annotations and custom serializers, errors naming the path. Round trips go back through {@link AttributeMapParser}.
 */
class AttributeValueGeneratorTest {
    private static final UUID ID = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");

    enum Color { RED, GREEN }

    enum Coded {
        A("a-code"), B("b-code");
        private final String code;

        Coded(String code) {
            this.code = code;
        }

        @JsonValue
        String code() {
            return code;
        }
    }

    /** Stored as "amount currency" by its own serializer, read back by its own deserializer. */
    record Money(BigDecimal amount, String currency) {
    }

    static final class MoneySerializer extends ValueSerializer<Money> {
        @Override
        public void serialize(Money value, JsonGenerator g, SerializationContext ctxt) {
            g.writeString(value.amount().toPlainString() + " " + value.currency());
        }
    }

    static final class MoneyDeserializer extends ValueDeserializer<Money> {
        @Override
        public Money deserialize(JsonParser p, DeserializationContext ctxt) {
            String[] parts = p.getString().split(" ");
            return new Money(new BigDecimal(parts[0]), parts[1]);
        }
    }

    /** Writes its text as a number token. */
    static final class TextAsNumberSerializer extends ValueSerializer<String> {
        @Override
        public void serialize(String value, JsonGenerator g, SerializationContext ctxt) {
            g.writeNumber(value);
        }
    }

    /** Writes all but the first byte. */
    static final class TailSerializer extends ValueSerializer<byte[]> {
        @Override
        public void serialize(byte[] value, JsonGenerator g, SerializationContext ctxt) {
            g.writeBinary(value, 1, value.length - 1);
        }
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({@JsonSubTypes.Type(value = Circle.class, name = "circle"),
        @JsonSubTypes.Type(value = Square.class, name = "square")})
    sealed interface Shape permits Circle, Square {
    }

    record Circle(double r) implements Shape {
    }

    record Square(long side) implements Shape {
    }

    record Inner(@JsonProperty("nm") String name, int n, @JsonIgnore String secret, List<List<Long>> grid) {
    }

    record Place(String street, int number) {
    }

    @ItemType(keyPath = "/owner-{owner}/thing-{thing}")
    record Rich(UUID owner, long thing, String s, Integer none, short small, BigInteger big, BigDecimal dec,
                BigDecimal tiny, double d, float f, char c, String[] strings, List<Object> mixed,
                Map<String, Object> meta, byte[] raw, Color color, Coded coded, Instant at, UUID other,
                Optional<String> opt, Optional<String> optEmpty, Inner inner,
                @JsonInclude(JsonInclude.Include.NON_NULL) String skipped,
                @JsonSerialize(using = MoneySerializer.class) @JsonDeserialize(using = MoneyDeserializer.class)
                Money price, Shape shape, @JsonUnwrapped Place place,
                @JsonSerialize(using = TextAsNumberSerializer.class) String textNumber,
                @JsonSerialize(using = TailSerializer.class) byte[] tail, Map<Integer, String> byInt) {
    }

    static Rich rich() {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("b", 2);
        meta.put("a", List.of(true, "x", Map.of("deep", 1.5)));
        meta.put("nil", null);
        return new Rich(ID, 77, "str", null, (short) -7, new BigInteger("-123456789012345678901234567890"),
                new BigDecimal("12.50"), new BigDecimal("1E-80"), 0.1, 0.1f, 'q', new String[] {"a", "b"},
                Arrays.asList(1, "two", 3.25, null, 4L), meta, new byte[] {1, 2, 0, -1}, Color.GREEN, Coded.B,
                Instant.parse("2025-01-02T03:04:05.123Z"), UUID.fromString("00000000-0000-0000-0000-000000000001"),
                Optional.of("here"), Optional.empty(),
                new Inner("in", 4, "hidden", List.of(List.of(1L, 2L), List.of())),
                null, new Money(new BigDecimal("9.90"), "EUR"), new Square(3), new Place("Main", 12), "3.14159",
                new byte[] {9, 8, 7}, new TreeMap<>(Map.of(3, "three", -1, "minus")));
    }

    private static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    private static AttributeValue n(String v) {
        return AttributeValue.fromN(v);
    }

    private static AttributeValue m(Object... kv) {
        Map<String, AttributeValue> map = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            map.put((String) kv[i], (AttributeValue) kv[i + 1]);
        }
        return AttributeValue.fromM(map);
    }

    private static AttributeValue l(AttributeValue... values) {
        return AttributeValue.fromL(List.of(values));
    }

    private static final AttributeValue NUL = AttributeValue.fromNul(true);

    @Test
    void toItemStoresEveryTokenKindNativelyInPropertyOrder() {
        Map<String, AttributeValue> item = ItemSchema.of(Rich.class).toItem(rich());

        // the null field "none" is not stored; an empty Optional, a null in a list and a null map value are
        assertThat(item.keySet()).containsExactly("pk", "sk", "_type", "s", "small", "big", "dec", "tiny",
                "d", "f", "c", "strings", "mixed", "meta", "raw", "color", "coded", "at", "other", "opt", "optEmpty",
                "inner", "price", "shape", "street", "number", "textNumber", "tail", "byInt");
        assertThat(item).containsEntry("s", s("str"))
                .containsEntry("small", n("-7"))
                .containsEntry("big", n("-123456789012345678901234567890"))
                .containsEntry("dec", n("12.50"))
                .containsEntry("tiny", n("1E-80"))
                .containsEntry("d", n("0.1"))
                .containsEntry("f", n("0.10000000149011612"))
                .containsEntry("c", s("q"))
                .containsEntry("strings", l(s("a"), s("b")))
                .containsEntry("mixed", l(n("1"), s("two"), n("3.25"), NUL, n("4")))
                .containsEntry("meta", m("b", n("2"), "a", l(AttributeValue.fromBool(true), s("x"),
                        m("deep", n("1.5"))), "nil", NUL))
                .containsEntry("raw", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 0, -1})))
                .containsEntry("color", s("GREEN"))
                .containsEntry("coded", s("b-code"))
                .containsEntry("at", s("2025-01-02T03:04:05.123Z"))
                .containsEntry("other", s("00000000-0000-0000-0000-000000000001"))
                .containsEntry("opt", s("here"))
                .containsEntry("optEmpty", NUL)
                .containsEntry("inner", m("nm", s("in"), "n", n("4"), "grid", l(l(n("1"), n("2")), l())))
                .containsEntry("price", s("9.90 EUR"))
                .containsEntry("shape", m("kind", s("square"), "side", n("3")))
                .containsEntry("street", s("Main"))
                .containsEntry("number", n("12"))
                .containsEntry("textNumber", n("3.14159"))
                .containsEntry("tail", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {8, 7})))
                .containsEntry("byInt", m("-1", s("minus"), "3", s("three")));
        assertThat(item.get("meta").m().keySet()).containsExactly("b", "a", "nil");
    }

    @Test
    void fromItemReadsBackWhatToItemStored() {
        ItemSchema<Rich> schema = ItemSchema.of(Rich.class);
        Rich back = schema.fromItem(schema.toItem(rich()));

        assertThat(back).usingRecursiveComparison()
                .ignoringFields("mixed", "meta", "textNumber", "tail", "optEmpty", "skipped", "inner.secret", "byInt")
                .isEqualTo(rich());
        assertThat(back.mixed()).containsExactly(1, "two", new BigDecimal("3.25"), null, 4);
        assertThat(back.meta()).containsEntry("a", List.of(true, "x", Map.of("deep", new BigDecimal("1.5"))));
        assertThat(back.textNumber()).isEqualTo("3.14159");
        assertThat(back.tail()).containsExactly(8, 7);
        assertThat(back.byInt()).isEqualTo(Map.of(-1, "minus", 3, "three"));
    }

    @Test
    void numbersWrittenAsTextFollowTheMappersFloatSetting() {
        JsonMapper decimals = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
        Rich r = rich();
        Rich exact = new Rich(r.owner(), r.thing(), r.s(), r.none(), r.small(), r.big(), r.dec(), r.tiny(), r.d(),
                r.f(), r.c(), r.strings(), r.mixed(), r.meta(), r.raw(), r.color(), r.coded(), r.at(), r.other(),
                r.opt(), r.optEmpty(), r.inner(), r.skipped(), r.price(), r.shape(), r.place(), "0.10",
                r.tail(), r.byInt());

        assertThat(ItemSchema.of(Rich.class).toItem(exact).get("textNumber")).isEqualTo(n("0.1"));
        assertThat(ItemSchema.of(Rich.class, decimals).toItem(exact).get("textNumber")).isEqualTo(n("0.10"));
    }

    @ItemType(keyPath = "/bag-{id}")
    static final class Bag {
        public final String id;
        public int count;
        private final Map<String, Object> extra = new TreeMap<>();

        @JsonCreator
        Bag(@JsonProperty("id") String id) {
            this.id = id;
        }

        @JsonAnyGetter
        Map<String, Object> extra() {
            return extra;
        }

        @JsonAnySetter
        void put(String k, Object v) {
            extra.put(k, v);
        }
    }

    @Test
    void anyGetterPropertiesAreStoredAndReadBack() {
        Bag bag = new Bag("b1");
        bag.count = 3;
        bag.put("color", "red");
        bag.put("size", List.of(1, 2));
        ItemSchema<Bag> schema = ItemSchema.of(Bag.class);

        Map<String, AttributeValue> item = schema.toItem(bag);
        Bag back = schema.fromItem(item);

        assertThat(item).containsEntry("count", n("3")).containsEntry("color", s("red"))
                .containsEntry("size", l(n("1"), n("2"))).doesNotContainKey("id");
        assertThat(back.id).isEqualTo("b1");
        assertThat(back.count).isEqualTo(3);
        assertThat(back.extra()).containsEntry("color", "red").containsEntry("size", List.of(1, 2));
    }

    @ItemType(keyPath = "/bad-{id}")
    record RawJson(String id, @JsonRawValue String raw) {
    }

    @ItemType(keyPath = "/bad-{id}")
    record NestedNaN(String id, List<Object> list) {
    }

    @ItemType(keyPath = "/bad-{id}")
    record ReservedRename(String id, @JsonProperty("sk") String other) {
    }

    @ItemType(keyPath = "/bad-{id}")
    record Scalar(@JsonValue String id) {
    }

    @Test
    void unstorableValuesAreTypedErrorsNamingThePath() {
        assertThatThrownBy(() -> ItemSchema.of(RawJson.class).toItem(new RawJson("a", "{\"x\":1}")))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("Cannot store RawJson.raw")
                .hasMessageContaining("POJO node");
        assertThatThrownBy(() -> ItemSchema.of(NestedNaN.class)
                .toItem(new NestedNaN("a", List.of(1, Map.of("q", List.of(Double.NaN))))))
                .isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("Cannot store NestedNaN.list[1].q[0]: DynamoDB numbers cannot be NaN");
        assertThatThrownBy(() -> ItemSchema.of(ReservedRename.class).toItem(new ReservedRename("a", "x")))
                .isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("Property 'sk' of " + ReservedRename.class.getName()
                        + " uses a reserved attribute name");
        assertThatThrownBy(() -> ItemSchema.of(Scalar.class).toItem(new Scalar("a")))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("as VALUE_STRING, expected an object");
    }

    @Test
    void valueConverterConvertsSingleValuesTheSameWay() {
        ValueConverter values = new ValueConverter(JsonMapper.builder().build());
        Rich r = rich();

        assertThat(values.toAttribute(r.inner(), "v"))
                .isEqualTo(m("nm", s("in"), "n", n("4"), "grid", l(l(n("1"), n("2")), l())));
        assertThat(values.toAttribute(r.shape(), "v")).isEqualTo(m("kind", s("square"), "side", n("3")));
        assertThat(values.toAttribute(r.price(), "v")).isEqualTo(m("amount", n("9.90"), "currency", s("EUR")));
        assertThat(values.toAttribute(1.5f, "v")).isEqualTo(n("1.5"));
        assertThat(values.toAttribute(new byte[] {5}, "v"))
                .isEqualTo(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {5})));
        assertThat(values.toAttribute(300, "v")).isEqualTo(n("300"));
        assertThat(values.toAttribute(-128, "v")).isEqualTo(n("-128"));
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("x", 1).put("y", "z");
        assertThat(values.toAttribute(node, "v")).isEqualTo(m("x", n("1"), "y", s("z")));
        assertThatThrownBy(() -> values.toAttribute(List.of(1, Double.POSITIVE_INFINITY), "v"))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("Cannot store v[1]");
    }
}
