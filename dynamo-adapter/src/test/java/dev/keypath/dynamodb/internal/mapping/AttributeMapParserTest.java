package dev.keypath.dynamodb.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.annotation.ItemType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JsonToken;

/**
 * Stored items as Jackson reads them through {@link AttributeMapParser}: every attribute type (including the sets
 * keypath never writes), numbers in every notation, coercions, key fields of every kind, and the token stream itself.
 */
class AttributeMapParserTest {
    @ItemType(keyPath = "/loose-{id}")
    record Loose(String id, Object any, List<Object> list, String text, int num, long[] longs, Set<String> tags,
                 Set<BigDecimal> nums, List<byte[]> blobs, byte[] b64, Map<String, Object> m, Double dbl, float flt,
                 BigInteger bi, Boolean bool, short sh) {
    }

    private static final ItemSchema<Loose> LOOSE = ItemSchemas.of(Loose.class);

    private static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    private static AttributeValue n(String v) {
        return AttributeValue.fromN(v);
    }

    private static AttributeValue b(int... bytes) {
        byte[] a = new byte[bytes.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = (byte) bytes[i];
        }
        return AttributeValue.fromB(SdkBytes.fromByteArray(a));
    }

    /** A stored Loose item with key id "x" and the given attributes. */
    private static Map<String, AttributeValue> loose(Object... kv) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        LOOSE.toItem(new Loose("x", null, null, null, 0, null, null, null, null, null, null, null, 0, null, null,
                (short) 0)).forEach((k, v) -> {
                    if (k.equals("pk") || k.equals("sk") || k.equals("_type")) {
                        item.put(k, v);
                    }
                });
        for (int i = 0; i < kv.length; i += 2) {
            item.put((String) kv[i], (AttributeValue) kv[i + 1]);
        }
        return item;
    }

    @Test
    void numbersAreReadInEveryNotation() {
        Loose l = LOOSE.fromItem(loose("any", n("12345678901234567890123"),
                "list", AttributeValue.fromL(List.of(n("1.0"), n("1E3"), n("-0.5"), n("9223372036854775807"),
                        n("9223372036854775808"), n("-0"), n("4.75"), n("4.50"))),
                "num", n("-3.000"), "bi", n("1.5E3"), "flt", n("3.4"), "dbl", n("1E400"), "sh", n("-7")));

        assertThat(l.any()).isEqualTo(new BigInteger("12345678901234567890123"));
        assertThat(l.list()).containsExactly(1, 1000, new BigDecimal("-0.5"), Long.MAX_VALUE,
                new BigInteger("9223372036854775808"), 0, new BigDecimal("4.75"), new BigDecimal("4.50"));
        assertThat(l.num()).isEqualTo(-3);
        assertThat(l.bi()).isEqualTo(1500);
        assertThat(l.flt()).isEqualTo(3.4f);
        assertThat(l.dbl()).isInfinite();
        assertThat(l.sh()).isEqualTo((short) -7);
    }

    @Test
    void setsBinaryAndMapsAreReadAsArraysEmbeddedBytesAndObjects() {
        Loose l = LOOSE.fromItem(loose("tags", AttributeValue.fromSs(List.of("a", "b")),
                "nums", AttributeValue.fromNs(List.of("1.5", "2")),
                "blobs", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {1}))),
                "longs", AttributeValue.fromNs(List.of("1", "-2")),
                "b64", s("AQID"), "text", b(1, 2), "any", b(5),
                "m", AttributeValue.fromM(Map.of("k", AttributeValue.fromL(List.of(AttributeValue.fromM(
                        Map.of("z", n("1")))))))));

        assertThat(l.tags()).containsExactly("a", "b");
        assertThat(l.nums()).containsExactlyInAnyOrder(new BigDecimal("1.5"), new BigDecimal("2"));
        assertThat(l.blobs()).singleElement().isEqualTo(new byte[] {1});
        assertThat(l.longs()).containsExactly(1, -2);
        assertThat(l.b64()).containsExactly(1, 2, 3);
        assertThat(l.text()).isEqualTo("AQI=");
        assertThat(l.any()).isEqualTo(new byte[] {5});
        assertThat(l.m()).isEqualTo(Map.of("k", List.of(Map.of("z", 1))));
    }

    @Test
    void scalarsCoerceAsJacksonCoercesJson() {
        Loose l = LOOSE.fromItem(loose("text", n("12.5"), "num", s("17"), "bool", s("true"), "any", s("s"),
                "list", AttributeValue.fromL(List.of(AttributeValue.fromNul(true), AttributeValue.fromBool(false)))));

        assertThat(l.text()).isEqualTo("12.5");
        assertThat(l.num()).isEqualTo(17);
        assertThat(l.bool()).isTrue();
        assertThat(l.list()).containsExactly(null, false);
    }

    @Test
    void reservedUnknownAndKeyNamedAttributesAreNotRead() {
        Loose l = LOOSE.fromItem(loose("id", s("not the key"), "unknown", n("1"), "ttl", n("5"), "text", s("t")));

        assertThat(l.id()).isEqualTo("x");
        assertThat(l.text()).isEqualTo("t");
    }

    @Test
    void jacksonErrorsAreTypedErrorsWithTheKeyPath() {
        assertThatThrownBy(() -> LOOSE.fromItem(loose("num", n("3000000000"))))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("out of range of `int`")
                .hasMessageContaining("/loose-x");
        assertThatThrownBy(() -> LOOSE.fromItem(loose("sh", n("40000"))))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("out of range of `short`");
        assertThatThrownBy(() -> LOOSE.fromItem(loose("list", AttributeValue.fromM(Map.of("a", n("1"))))))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("from Object value");
        assertThatThrownBy(() -> LOOSE.fromItem(loose("num", n("not-a-number"))))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("'not-a-number' is not a number");
    }

    /** An integral number with a huge exponent would take minutes to expand into a BigInteger: it never is. */
    @Test
    void integralNumbersWithHugeExponentsAreNotExpanded() {
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> { // milliseconds, however busy the machine
            assertThatThrownBy(() -> LOOSE.fromItem(loose("num", n("1E999999999"))))
                    .isInstanceOf(ItemMappingException.class);
            assertThatThrownBy(() -> LOOSE.fromItem(loose("num", n("9E50000000")))) // minutes to expand
                    .isInstanceOf(ItemMappingException.class);
            assertThatThrownBy(() -> LOOSE.fromItem(loose("bi", n("-7e+2000000000"))))
                    .isInstanceOf(ItemMappingException.class);
            assertThat(LOOSE.fromItem(loose("any", n("1E999999999"))).any())
                    .isEqualTo(new BigDecimal("1E999999999"));
            assertThat(LOOSE.fromItem(loose("dbl", n("1E999999999"))).dbl()).isInfinite();
        });
        assertThat(AttributeValues.canonicalNumber("1E400")).isEqualTo(BigInteger.TEN.pow(400));
    }

    enum Zone { EU, US }

    @ItemType(keyPath = "/z-{zone}/s-{small}/b-{tiny}/i-{big}/r-{raw}/n-{n}/l-{l}/t-{text}/c-5/x")
    record Keys(Zone zone, short small, Byte tiny, BigInteger big, byte[] raw, int n, Long l, String text,
                String payload) {
    }

    @Test
    void keyFieldsOfEveryKindRoundTrip() {
        Keys k = new Keys(Zone.US, (short) -3, (byte) 7, new BigInteger("18446744073709551615"), new byte[] {0, 1, 2},
                -9, 5L, "txt", "p");
        ItemSchema<Keys> schema = ItemSchemas.of(Keys.class);

        Map<String, AttributeValue> item = schema.toItem(k);

        assertThat(item.keySet()).containsExactly("pk", "sk", "_type", "payload");
        assertThat(schema.fromItem(item)).usingRecursiveComparison().isEqualTo(k);
        assertThat(schema.keyPathOf(k).toString()).isEqualTo("/z-US/s--3/b-7/i-18446744073709551615/r-~AAEC/n--9/l-5"
                + "/t-txt/c-5/x");
    }

    @Test
    void tokensAreThoseOfTheItemsJsonForm() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", b(1));
        item.put("a", AttributeValue.fromL(List.of(n("1"), AttributeValue.fromM(Map.of("b", s("c"))))));
        item.put("d", n("2.5"));
        AttributeMapParser p = new AttributeMapParser(item, new NameSet(List.of("pk")), new String[] {"id"},
                new Object[] {7L});

        List<String> seen = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
            seen.add(t + (t == JsonToken.PROPERTY_NAME ? ":" + p.currentName() : "")
                    + (t.isScalarValue() ? "=" + p.getString() + "@" + p.streamReadContext().getCurrentIndex() : ""));
        }

        assertThat(seen).containsExactly("START_OBJECT", "PROPERTY_NAME:a", "START_ARRAY", "VALUE_NUMBER_INT=1@0",
                "START_OBJECT", "PROPERTY_NAME:b", "VALUE_STRING=c@0", "END_OBJECT", "END_ARRAY",
                "PROPERTY_NAME:d", "VALUE_NUMBER_FLOAT=2.5@1", "PROPERTY_NAME:id", "VALUE_NUMBER_INT=7@2",
                "END_OBJECT");
    }
}
