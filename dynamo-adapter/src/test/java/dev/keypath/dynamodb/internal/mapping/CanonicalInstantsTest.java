package dev.keypath.dynamodb.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.quicktheories.generators.Generate.constant;
import static org.quicktheories.generators.Generate.longRange;
import static org.quicktheories.generators.Generate.oneOf;
import static org.quicktheories.generators.Generate.pick;
import static org.quicktheories.generators.Generate.range;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import org.quicktheories.core.Gen;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.PropertyName;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.deser.bean.BeanDeserializerBase;
import tools.jackson.databind.ext.javatime.deser.InstantDeserializer;
import tools.jackson.databind.ext.javatime.ser.InstantSerializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.BeanPropertyWriter;
import tools.jackson.databind.ser.std.StdSerializer;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * The {@code Instant} fast path answers exactly as the JDK and Jackson do, or not at all: generated instants and
 * mutated texts against {@link Instant#parse} and {@link Instant#toString}, and whole mappers against the caller's
 * own mapper, including the settings and annotations that must send values past the fast path.
 */
class CanonicalInstantsTest {
    /** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z. */
    private static final long FIRST = -62_167_219_200L;
    private static final long LAST = 253_402_300_799L;

    /** Examples per property: 10^4, or {@code -Dkeypath.properties.examples}. */
    private static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.examples", 10_000));
    }

    static Gen<Instant> fourDigitYearInstants() {
        Gen<Integer> nanos = oneOf(constant(0), range(0, 999).map(ms -> ms * 1_000_000),
                range(0, 999_999).map(us -> us * 1_000), range(0, 999_999_999));
        return longRange(FIRST, LAST).zip(nanos, Instant::ofEpochSecond);
    }

    @Test
    void format_isToString_andParse_readsItBack() {
        qt().forAll(fourDigitYearInstants()).checkAssert(instant -> {
            assertThat(CanonicalInstants.format(instant)).isEqualTo(instant.toString());
            assertThat(CanonicalInstants.parse(instant.toString())).isEqualTo(instant);
        });
    }

    static Gen<String> mutatedTexts() {
        Gen<Character> chars = pick(List.of('0', '1', '2', '3', '5', '6', '9', '-', ':', '.', 'T', 'Z', 't',
                'z', '+', ' ', 'x', '\u0663'));
        return fourDigitYearInstants().zip(range(0, 2), range(0, 100), chars, (instant, op, where, c) -> {
            String s = instant.toString();
            int at = where % s.length();
            return switch (op) {
                case 0 -> s.substring(0, at) + c + s.substring(at + 1);
                case 1 -> s.substring(0, at) + c + s.substring(at);
                default -> s.substring(0, at) + s.substring(at + 1);
            };
        });
    }

    @Test
    void parse_ofAnyText_declinesOrAgreesWithTheJdk() {
        qt().forAll(mutatedTexts()).checkAssert(text -> {
            Instant fast = CanonicalInstants.parse(text);
            if (fast != null) {
                assertThat(Instant.parse(text)).isEqualTo(fast);
            }
        });
    }

    @Test
    void yearsWithoutFourDigits_andForeignForms_areLeftToTheJdk() {
        assertThat(CanonicalInstants.format(Instant.ofEpochSecond(LAST + 1))).isNull();
        assertThat(CanonicalInstants.format(Instant.ofEpochSecond(FIRST - 1))).isNull();
        assertThat(CanonicalInstants.format(Instant.ofEpochSecond(LAST, 999_999_999)))
                .isEqualTo("9999-12-31T23:59:59.999999999Z");
        assertThat(CanonicalInstants.format(Instant.ofEpochSecond(FIRST))).isEqualTo("0000-01-01T00:00:00Z");
        for (String declined : List.of("+10000-01-01T00:00:00Z", "2016-12-31T23:59:60Z", "2025-03-14T24:00:00Z",
                "2025-03-14T15:09:26.Z", "2025-03-14T15:09:26+00:00", "2025-03-14 15:09:26Z", "2025-02-30T00:00:00Z",
                "2025-03-14T15:09:26.1234567891Z", "1741964966535")) {
            assertThat(CanonicalInstants.parse(declined)).as(declined).isNull();
        }
    }

    record Stamped(Instant plain, @JsonFormat(shape = JsonFormat.Shape.NUMBER) Instant epochMillis,
                   @JsonFormat(pattern = "yyyy/MM/dd HH:mm", timezone = "UTC") Instant patterned, List<Instant> many) {
    }

    private static final JsonMapper PLAIN = JsonMapper.builder().build();

    private static Stamped stamped(Instant i) {
        return new Stamped(i, i.plusSeconds(1), Instant.parse("2025-03-14T15:09:00Z"),
                List.of(i, Instant.ofEpochSecond(LAST + 86_400 * 400L), Instant.EPOCH));
    }

    @Test
    void itemMapper_writesAndReadsWhatTheCallersMapperDoes() {
        JsonMapper item = ItemMappers.of(PLAIN);
        qt().withExamples(300).forAll(fourDigitYearInstants()).checkAssert(instant -> {
            Stamped value = stamped(instant);
            String json = PLAIN.writeValueAsString(value);
            assertThat(item.writeValueAsString(value)).isEqualTo(json);
            assertThat(item.readValue(json, Stamped.class)).isEqualTo(PLAIN.readValue(json, Stamped.class));
        });
    }

    @Test
    void mapperSettings_thatChangeTheText_areHonoured() {
        Instant i = Instant.parse("2025-03-14T15:09:26.535123Z");
        for (JsonMapper custom : List.of(
                JsonMapper.builder().enable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS).build(),
                JsonMapper.builder().enable(DateTimeFeature.TRUNCATE_TO_MSECS_ON_WRITE)
                        .enable(DateTimeFeature.TRUNCATE_TO_MSECS_ON_READ).build(),
                JsonMapper.builder().withConfigOverride(Instant.class,
                        o -> o.setFormat(JsonFormat.Value.forPattern("yyyyMMddHHmmss").withTimeZone(
                                java.util.TimeZone.getTimeZone("UTC")))).build())) {
            JsonMapper item = ItemMappers.of(custom);
            String json = custom.writeValueAsString(stamped(i));
            assertThat(item.writeValueAsString(stamped(i))).isEqualTo(json);
            assertThat(item.readValue(json, Stamped.class)).isEqualTo(custom.readValue(json, Stamped.class));
        }
        JsonMapper truncating = JsonMapper.builder().enable(DateTimeFeature.TRUNCATE_TO_MSECS_ON_READ).build();
        assertThat(ItemMappers.of(truncating).readValue("\"2025-03-14T15:09:26.535123Z\"", Instant.class))
                .isEqualTo(Instant.parse("2025-03-14T15:09:26.535Z"));
    }

    @Test
    void textsTheFastPathDeclines_getJacksonsResultsAndErrors() {
        JsonMapper item = ItemMappers.of(PLAIN);
        for (String accepted : List.of("\"2016-12-31T23:59:60Z\"", "\"2025-03-14T24:00:00Z\"", "\" 2025-03-14T15:09:26Z \"",
                "\"2025-03-14T15:09:26.Z\"", "1741964966535", "1741964966.535", "\"1741964966535\"")) {
            assertThat(item.readValue(accepted, Instant.class)).as(accepted)
                    .isEqualTo(PLAIN.readValue(accepted, Instant.class));
        }
        String bad = "\"2025-02-30T00:00:00Z\"";
        assertThatThrownBy(() -> item.readValue(bad, Instant.class))
                .hasMessage(catchThrowable(() -> PLAIN.readValue(bad, Instant.class)).getMessage());
    }

    @Test
    void itemMapper_resolvesInstants_toTheFastPath_afterJacksonContextualizesThem() {
        JsonMapper item = ItemMappers.of(PLAIN);
        DeserializationContext reading = item._deserializationContext();
        SerializationContext writing = item._serializationContext();

        assertThat(reading.findRootValueDeserializer(reading.constructType(Instant.class)))
                .isInstanceOf(CanonicalInstantDeserializer.class);
        assertThat(writing.findPrimaryPropertySerializer(Instant.class, null))
                .isInstanceOf(CanonicalInstantSerializer.class);
        assertThat(PLAIN._serializationContext().findPrimaryPropertySerializer(Instant.class, null))
                .isNotInstanceOf(CanonicalInstantSerializer.class);

        BeanDeserializerBase stamped = (BeanDeserializerBase) reading.findRootValueDeserializer(
                reading.constructType(Stamped.class));
        assertThat(stamped.findProperty(PropertyName.construct("plain")).getValueDeserializer()).isInstanceOf(CanonicalInstantDeserializer.class);
        assertThat(stamped.findProperty(PropertyName.construct("patterned")).getValueDeserializer())
                .isNotInstanceOf(CanonicalInstantDeserializer.class);
        Map<String, ValueSerializer<?>> writers = new HashMap<>();
        writing.findValueSerializer(Stamped.class).properties().forEachRemaining(
                w -> writers.put(w.getName(), ((BeanPropertyWriter) w).getSerializer()));
        assertThat(writers.get("plain")).isInstanceOf(CanonicalInstantSerializer.class);
    }

    @Test
    void onlyJacksonsDefaultInstantHandlers_areWrapped() {
        ValueDeserializer<?> own = new ValueDeserializer<Instant>() {
            @Override
            public Instant deserialize(JsonParser p, DeserializationContext ctxt) {
                return Instant.EPOCH;
            }
        };
        CanonicalInstantModifiers.Deserializers deserializers = new CanonicalInstantModifiers.Deserializers();
        assertThat(deserializers.modifyDeserializer(null, null, InstantDeserializer.INSTANT))
                .isInstanceOf(CanonicalInstantDeserializer.class);
        assertThat(deserializers.modifyDeserializer(null, null, own)).isSameAs(own);
        CanonicalInstantModifiers.Serializers serializers = new CanonicalInstantModifiers.Serializers();
        assertThat(serializers.modifySerializer(null, null, InstantSerializer.INSTANCE))
                .isInstanceOf(CanonicalInstantSerializer.class);
        assertThat(serializers.modifySerializer(null, null, ToStringSerializer.instance))
                .isSameAs(ToStringSerializer.instance);

        JsonMapper custom = JsonMapper.builder().addModule(new SimpleModule()
                .addDeserializer(Instant.class, (ValueDeserializer<Instant>) own)
                .addSerializer(Instant.class, new StdSerializer<Instant>(Instant.class) {
                    @Override
                    public void serialize(Instant value, JsonGenerator gen, SerializationContext ctxt) {
                        gen.writeString("at " + value);
                    }
                })).build();
        assertThat(ItemMappers.of(custom).readValue("\"2025-03-14T15:09:26Z\"", Instant.class)).isEqualTo(Instant.EPOCH);
        assertThat(ItemMappers.of(custom).writeValueAsString(Instant.EPOCH)).isEqualTo("\"at 1970-01-01T00:00:00Z\"");
    }
}
