package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.internal.mapping.AttributeValues;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import dev.keypath.dynamodb.InvalidPageTokenException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Coverage-guided fuzz targets of page-token validation (Jazzer): arbitrary strings and mutated genuine tokens
 * are refused with {@link InvalidPageTokenException} only, and a token that is accepted decodes to the key it
 * was made from. Inputs kept under {@code PageTokensFuzzTestInputs/<method>/}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class PageTokensFuzzTest {
    private static final PageTokens TOKENS = new PageTokens("0123456789abcdef-fuzz".getBytes(StandardCharsets.UTF_8));
    private static final byte[] FINGERPRINT = "table|index|/user-1..|asc|Post".getBytes(StandardCharsets.UTF_8);
    private static final Map<String, AttributeValue> LAST_KEY = Map.of(
            "pk", AttributeValues.binary(new byte[] {0x11, 0x75, 0x73, 0x65, 0x72, 0x00, 0x22, 0x01}),
            "sk", AttributeValues.binary(new byte[] {0x11, 0x70, 0x6F, 0x73, 0x74, 0x00, 0x22, 0x07}));
    private static final String GENUINE = TOKENS.encode(LAST_KEY, FINGERPRINT);

    @FuzzTest(maxDuration = "10m")
    void arbitraryToken(@NotNull String token) {
        decodeOrRefuse(token);
    }

    @FuzzTest(maxDuration = "10m")
    void mutatedGenuineToken(FuzzedDataProvider data) {
        byte[] raw = Base64.getUrlDecoder().decode(GENUINE);
        int edits = data.consumeInt(0, 4);
        for (int i = 0; i < edits && raw.length > 0; i++) {
            int at = data.consumeInt(0, raw.length - 1);
            switch (data.consumeInt(0, 2)) {
                case 0 -> raw[at] = data.consumeByte();
                case 1 -> raw = java.util.Arrays.copyOf(raw, at);
                default -> {
                    byte[] longer = new byte[raw.length + 1];
                    System.arraycopy(raw, 0, longer, 0, at);
                    longer[at] = data.consumeByte();
                    System.arraycopy(raw, at, longer, at + 1, raw.length - at);
                    raw = longer;
                }
            }
        }
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        if (data.consumeBoolean()) {
            token = token + data.consumeRemainingAsString();
        }
        decodeOrRefuse(token);
    }

    private static void decodeOrRefuse(String token) {
        Map<String, AttributeValue> key;
        try {
            key = TOKENS.decode(token, FINGERPRINT);
        } catch (InvalidPageTokenException e) {
            return;
        }
        assertThat(key).as("only a genuine token is accepted, and it gives back its key").isEqualTo(LAST_KEY);
        assertThat(TOKENS.encode(key, FINGERPRINT)).isEqualTo(GENUINE);
    }
}
