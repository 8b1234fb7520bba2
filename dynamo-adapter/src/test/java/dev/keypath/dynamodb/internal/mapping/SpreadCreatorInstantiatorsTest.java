package dev.keypath.dynamodb.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.exc.ValueInstantiationException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/** The reading mapper: the caller's mapper plus creators called through spread method handles, nothing else. */
class SpreadCreatorInstantiatorsTest {
    record Point(int x, long y, String label, List<String> tags) {
    }

    record Checked(String name) {
        Checked {
            Objects.requireNonNull(name, "name is required");
        }
    }

    static final class Factory {
        final String a;
        final int b;

        private Factory(String a, int b) {
            this.a = a;
            this.b = b;
        }

        @JsonCreator
        static Factory of(@JsonProperty("a") String a, @JsonProperty("b") int b) {
            return new Factory(a + "!", b * 2);
        }
    }

    static final class Ctor {
        final String a;

        @JsonCreator
        Ctor(@JsonProperty("a") String a) {
            this.a = a;
        }
    }

    /** Reads a String property as upper case: a module the caller configured. */
    static final class Upper extends ValueDeserializer<String> {
        @Override
        public String deserialize(tools.jackson.core.JsonParser p, DeserializationContext ctxt) {
            return p.getString().toUpperCase();
        }
    }

    private static final JsonMapper PLAIN = JsonMapper.builder().build();

    @Test
    void creators_produceWhatJacksonProduces() {
        JsonMapper reading = ItemMappers.of(PLAIN);
        String json = "{\"x\":1,\"y\":2,\"label\":\"l\",\"tags\":[\"t\"]}";

        assertThat(reading.readValue(json, Point.class)).isEqualTo(PLAIN.readValue(json, Point.class))
                .isEqualTo(new Point(1, 2, "l", List.of("t")));
        assertThat(reading.readValue("{\"x\":1}", Point.class)).isEqualTo(new Point(1, 0, null, null));
        Factory f = reading.readValue("{\"a\":\"q\",\"b\":3}", Factory.class);
        assertThat(f.a).isEqualTo("q!");
        assertThat(f.b).isEqualTo(6);
        assertThat(reading.readValue("{\"a\":\"c\"}", Ctor.class).a).isEqualTo("c");
    }

    @Test
    void creatorFailures_areWrappedAsJacksonWrapsThem() {
        JsonMapper reading = ItemMappers.of(PLAIN);

        assertThatThrownBy(() -> reading.readValue("{}", Checked.class))
                .isInstanceOf(ValueInstantiationException.class).hasMessageContaining("name is required")
                .hasMessage(messageOf(() -> PLAIN.readValue("{}", Checked.class)));
    }

    @Test
    void itemMapper_keepsTheCallersConfiguration_andIsBuiltOncePerMapper() {
        JsonMapper custom = JsonMapper.builder()
                .addModule(new SimpleModule().addDeserializer(String.class, new Upper()))
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build();
        JsonMapper reading = ItemMappers.of(custom);

        assertThat(ItemMappers.of(custom)).isSameAs(reading);
        assertThat(reading.readValue("{\"x\":1,\"y\":2,\"label\":\"l\"}", Point.class).label()).isEqualTo("L");
        assertThatThrownBy(() -> reading.readValue("{\"x\":null}", Point.class))
                .hasMessage(messageOf(() -> custom.readValue("{\"x\":null}", Point.class)));
    }

    private static String messageOf(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected an exception");
    }
}
