package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import java.util.Map;
import java.util.Optional;

/**
 * Coverage-guided fuzz targets of the core (Jazzer). A normal test run replays the inputs kept under
 * {@code src/test/resources/dev/keypath/KeyPathFuzzTestInputs/<method>/}; with {@code JAZZER_FUZZ=1} the one
 * selected target fuzzes for its {@code maxDuration}. Each target's property: bad input fails only with
 * {@link KeyPathFormatException}, and whatever is accepted round-trips canonically.
 */
class KeyPathFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void decodeWholeKey(@NotNull byte[] key) {
        KeyPath path;
        try {
            path = KeyPath.decode(key);
        } catch (KeyPathFormatException e) {
            assertThat(e.position()).isBetween(0, key.length);
            return;
        }
        assertThat(path.encode()).as("accepted bytes are canonical").isEqualTo(key);
        assertThat(KeyPath.parse(path.toString())).isEqualTo(path);
    }

    @FuzzTest(maxDuration = "10m")
    void decodePartitionAndSortKey(FuzzedDataProvider data) {
        byte[] partitionKey = data.consumeBytes(data.consumeInt(0, 64));
        byte[] sortKey = data.consumeRemainingAsBytes();
        KeyPath path;
        try {
            path = KeyPath.decode(partitionKey, sortKey);
        } catch (KeyPathFormatException e) {
            assertThat(e.position()).isBetween(0, Math.max(partitionKey.length, sortKey.length));
            return;
        }
        assertThat(path.partitionKey()).as("accepted partition key is canonical").isEqualTo(partitionKey);
        assertThat(path.sortKey()).as("accepted sort key is canonical").isEqualTo(sortKey);
    }

    @FuzzTest(maxDuration = "10m")
    void parseAndEncodeText(@NotNull String text) {
        KeyPath path;
        try {
            path = KeyPath.parse(text);
        } catch (KeyPathFormatException e) {
            assertThat(e.position()).isBetween(0, text.length());
            KeyPathFormatException direct = encodeTextFailure(text);
            assertThat(direct).as("encodeText fails like parse").isNotNull();
            assertThat(direct.reason()).isEqualTo(e.reason());
            assertThat(direct.position()).isEqualTo(e.position());
            return;
        }
        assertThat(KeyPath.encodeText(text)).isEqualTo(path.encode());
        String canonical = path.toString();
        assertThat(KeyPath.parse(canonical)).isEqualTo(path);
        assertThat(KeyPath.parse(canonical).toString()).isEqualTo(canonical);
        assertThat(KeyPath.decode(path.encode())).isEqualTo(path);
    }

    private static KeyPathFormatException encodeTextFailure(String text) {
        try {
            KeyPath.encodeText(text);
            return null;
        } catch (KeyPathFormatException e) {
            return e;
        }
    }

    @FuzzTest(maxDuration = "10m")
    void templateParseAndMatch(FuzzedDataProvider data) {
        String templateText = data.consumeString(200);
        String pathText = data.consumeRemainingAsString();
        KeyPathTemplate template;
        try {
            template = KeyPathTemplate.parse(templateText);
        } catch (KeyPathFormatException e) {
            TemplateChecks.rejected(templateText, e);
            return;
        }
        TemplateChecks.accepted(templateText, template);
        KeyPath path;
        try {
            path = KeyPath.parse(pathText);
        } catch (KeyPathFormatException e) {
            return;
        }
        Optional<Map<String, KeyId>> match = template.match(path);
        assertThat(template.matches(path)).isEqualTo(match.isPresent());
        match.ifPresent(ids -> assertThat(template.bind(ids)).as("binding the matched ids gives the path back")
                .isEqualTo(path));
    }
}
