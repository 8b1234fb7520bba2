package dev.keypath.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathDynamoException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Coverage-guided fuzz target of item mapping (Jazzer): a stored attribute map, built by mutating a genuine
 * item of one of the example types, either fails with the adapter's typed exception or maps to an object whose
 * item reads back equal — never a wrong object. Inputs kept under {@code ItemMappingFuzzTestInputs/<method>/};
 * {@code JAZZER_FUZZ=1} fuzzes.
 */
class ItemMappingFuzzTest {
    private static final UUID USER = UUID.fromString("6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b");
    private static final Instant AT = Instant.parse("2026-03-01T09:00:00.123Z");
    private static final List<Example<?>> EXAMPLES = List.of(
            Example.of(new dev.keypath.examples.social.User(USER, "ada", "Ada", AT)),
            Example.of(new dev.keypath.examples.social.Post(USER, 7, "t", "b", List.of("x", "y"), AT)),
            Example.of(new dev.keypath.examples.social.Comment(USER, 7, 1_700_000_000L, USER, "hi")),
            Example.of(new dev.keypath.examples.social.Reaction(USER, 7, 1_700_000_000L, 3, USER, "+1")),
            Example.of(new dev.keypath.examples.spring.User(USER, "Ada", 2, 1L)),
            Example.of(new dev.keypath.examples.spring.Post(USER, 7, "t", "b", AT, 1L)),
            Example.of(new dev.keypath.examples.spring.Comment(USER, 7, 2, "ada", "hi", AT)));

    @FuzzTest(maxDuration = "10m")
    void storedItemMapsOrFailsTyped(FuzzedDataProvider data) {
        EXAMPLES.get(data.consumeInt(0, EXAMPLES.size() - 1)).check(data);
    }

    /** One example type with a genuine item of it. */
    private record Example<T>(ItemSchema<T> schema, Map<String, AttributeValue> genuine) {
        @SuppressWarnings("unchecked")
        static <T> Example<T> of(T sample) {
            ItemSchema<T> schema = ItemSchemas.of((Class<T>) sample.getClass());
            return new Example<>(schema, schema.toItem(sample));
        }

        void check(FuzzedDataProvider data) {
            Map<String, AttributeValue> item = mutate(genuine, data);
            T read;
            try {
                read = schema.fromItem(item);
            } catch (KeyPathDynamoException e) {
                return;
            }
            Map<String, AttributeValue> written = schema.toItem(read);
            assertThat(schema.fromItem(written)).as("an object read from %s is written back and reads equal", item)
                    .isEqualTo(read);
        }
    }

    private static Map<String, AttributeValue> mutate(Map<String, AttributeValue> genuine, FuzzedDataProvider data) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(genuine);
        List<String> names = new ArrayList<>(genuine.keySet());
        int edits = data.consumeInt(0, 6);
        for (int i = 0; i < edits; i++) {
            String name = data.consumeBoolean() ? names.get(data.consumeInt(0, names.size() - 1)) : data.consumeString(12);
            if (data.consumeInt(0, 5) == 0) {
                item.remove(name);
            } else {
                item.put(name, value(data, 2));
            }
        }
        return item;
    }

    private static AttributeValue value(FuzzedDataProvider data, int depth) {
        return switch (data.consumeInt(0, depth > 0 ? 8 : 6)) {
            case 0 -> AttributeValue.fromS(data.consumeString(40));
            case 1 -> AttributeValue.fromN(data.consumeBoolean() ? Long.toString(data.consumeLong())
                    : data.consumeAsciiString(30));
            case 2 -> AttributeValue.fromB(SdkBytes.fromByteArray(data.consumeBytes(40)));
            case 3 -> AttributeValue.fromBool(data.consumeBoolean());
            case 4 -> AttributeValue.fromNul(true);
            case 5 -> AttributeValue.fromSs(List.of(data.consumeString(10), data.consumeString(10)));
            case 6 -> AttributeValue.fromNs(List.of(Integer.toString(data.consumeInt()), data.consumeAsciiString(10)));
            case 7 -> AttributeValue.fromL(List.of(value(data, depth - 1), value(data, depth - 1)));
            default -> AttributeValue.fromM(Map.of(data.consumeString(8), value(data, depth - 1)));
        };
    }
}
