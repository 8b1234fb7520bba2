package dev.keypath.dynamodb.internal.schema;

import dev.keypath.dynamodb.internal.expression.ValueConverter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.json.JsonMapper;

/** The exact stored attribute layout of every JSON-like value kind, and its round trip. */
class AttributeLayoutTest {
    private static final UUID ID = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");

    enum Color { RED }

    record Inner(String name, int n) {
    }

    @ItemType(keyPath = "/owner-{owner}/thing-{thing}")
    record Thing(UUID owner, long thing, int i, long big, BigInteger huge, BigDecimal price, double ratio, float f,
                 boolean flag, String none, List<Object> mixed, Map<String, Object> meta, byte[] raw, Color color,
                 Instant at, Inner inner, short small) {
    }

    private static Thing thing() {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("b", 2);
        meta.put("a", List.of(true, "x"));
        meta.put("nil", null);
        return new Thing(ID, 7, -3, 9_000_000_000L, new BigInteger("123456789012345678901234567890"),
                new BigDecimal("12.50"), 0.1, 0.5f, true, null, Arrays.asList(1, "two", 3.25, null),
                meta, new byte[] {1, 2}, Color.RED, Instant.parse("2025-01-02T03:04:05Z"), new Inner("in", 4),
                (short) 5);
    }

    private static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    private static AttributeValue n(String v) {
        return AttributeValue.fromN(v);
    }

    @Test
    void toItemStoresNativeTypesInPropertyOrder() {
        Map<String, AttributeValue> item = ItemSchema.of(Thing.class).toItem(thing());

        Map<String, AttributeValue> meta = new LinkedHashMap<>();
        meta.put("b", n("2"));
        meta.put("a", AttributeValue.fromL(List.of(AttributeValue.fromBool(true), s("x"))));
        meta.put("nil", AttributeValue.fromNul(true));
        // the null field "none" is not stored; the null in a list and the null map value are
        assertThat(item.keySet()).containsExactly("pk", "sk", "_type", "i", "big", "huge", "price", "ratio", "f",
                "flag", "mixed", "meta", "raw", "color", "at", "inner", "small");
        assertThat(item).containsEntry("_type", s("Thing"))
                .containsEntry("i", n("-3"))
                .containsEntry("big", n("9000000000"))
                .containsEntry("huge", n("123456789012345678901234567890"))
                .containsEntry("price", n("12.50"))
                .containsEntry("ratio", n("0.1"))
                .containsEntry("f", n("0.5"))
                .containsEntry("flag", AttributeValue.fromBool(true))
                .containsEntry("mixed", AttributeValue.fromL(List.of(n("1"), s("two"), n("3.25"),
                        AttributeValue.fromNul(true))))
                .containsEntry("meta", AttributeValue.fromM(meta))
                .containsEntry("raw", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2})))
                .containsEntry("color", s("RED"))
                .containsEntry("at", s("2025-01-02T03:04:05Z"))
                .containsEntry("inner", AttributeValue.fromM(Map.of("name", s("in"), "n", n("4"))))
                .containsEntry("small", n("5"));
    }

    @Test
    void fromItemRoundTripsEveryKind() {
        ItemSchema<Thing> schema = ItemSchema.of(Thing.class);
        Thing back = schema.fromItem(schema.toItem(thing()));

        assertThat(back).usingRecursiveComparison().ignoringFields("mixed").isEqualTo(thing());
        // untyped decimals come back as BigDecimal, the exact stored number
        assertThat(back.mixed()).containsExactly(1, "two", new BigDecimal("3.25"), null);
    }

    @Test
    void fromItemReadsNumbersOfEveryShape() {
        ItemSchema<Thing> schema = ItemSchema.of(Thing.class);
        Map<String, AttributeValue> item = new LinkedHashMap<>(schema.toItem(thing()));
        item.put("i", n("-3.000"));
        item.put("big", n("9E9"));
        item.put("price", n("1.250E1"));
        item.put("mixed", AttributeValue.fromL(List.of(n("12345678901234567890123"), n("1.5"), n("-0"))));
        item.put("thing", n("99"));

        Thing back = schema.fromItem(item);

        assertThat(back.thing()).isEqualTo(7); // key fields come from the key, never from attributes
        assertThat(back.i()).isEqualTo(-3);
        assertThat(back.big()).isEqualTo(9_000_000_000L);
        assertThat(back.price()).isEqualByComparingTo("12.5");
        assertThat(back.mixed()).containsExactly(new BigInteger("12345678901234567890123"), new BigDecimal("1.5"), 0);
    }

    @Test
    void nonFiniteNumbersAreRejectedNamingThePath() {
        Thing bad = new Thing(ID, 1, 0, 0, BigInteger.ONE, BigDecimal.ONE, Double.NaN, 0f, false, null, List.of(),
                Map.of(), null, null, null, null, (short) 0);
        assertThatThrownBy(() -> ItemSchema.of(Thing.class).toItem(bad)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("Thing.ratio").hasMessageContaining("NaN");
        Thing nested = new Thing(ID, 1, 0, 0, BigInteger.ONE, BigDecimal.ONE, 0, 0f, false, null,
                List.of(1, Double.POSITIVE_INFINITY), Map.of(), null, null, null, null, (short) 0);
        assertThatThrownBy(() -> ItemSchema.of(Thing.class).toItem(nested)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("Thing.mixed[1]");
    }

    @Test
    void valueConverterConvertsLikeTheSchema() {
        ValueConverter values = new ValueConverter(JsonMapper.builder().build());

        assertThat(values.toAttribute(new Inner("x", 1), "v")).isEqualTo(
                AttributeValue.fromM(Map.of("name", s("x"), "n", n("1"))));
        assertThat(values.toAttribute(null, "v")).isEqualTo(AttributeValue.fromNul(true));
        assertThat(values.toAttribute(new BigDecimal("1.10"), "v")).isEqualTo(n("1.10"));
        assertThat(values.toAttribute(List.of("a"), "v")).isEqualTo(AttributeValue.fromL(List.of(s("a"))));
    }
}
