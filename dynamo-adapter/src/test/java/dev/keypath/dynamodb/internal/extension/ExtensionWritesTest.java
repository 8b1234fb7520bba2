package dev.keypath.dynamodb.internal.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.strings;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemWrite;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.WriteModification;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.request.PutActions;
import dev.keypath.dynamodb.internal.request.UpdateActions;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import tools.jackson.databind.json.JsonMapper;

/** How extensions' modifications are folded into the requests, without a network. */
class ExtensionWritesTest {
    @ItemType(keyPath = "/doc-{id}")
    record Doc(long id, String body, @Version Long version) {
    }

    private static final ValueConverter VALUES = new ValueConverter(JsonMapper.builder().build());
    private final DefaultItemSchema<Doc> schema = DefaultItemSchema.create(Doc.class, JsonMapper.builder().build());

    /**
     * Renaming an extension's placeholders prefixes exactly the placeholder tokens, however the names share
     * prefixes ({@code #a}, {@code #ab}), and removing the prefix again gives the expression back.
     */
    @Test
    void renamingPrefixesExactlyThePlaceholderTokens() {
        qt().withExamples(2_000)
                .forAll(lists().of(strings().betweenCodePoints('a', 'c').ofLengthBetween(1, 3)).ofSizeBetween(1, 6),
                        integers().between(0, 20))
                .checkAssert((raw, index) -> {
                    List<String> bases = new ArrayList<>(new LinkedHashSet<>(raw));
                    Map<String, String> names = new LinkedHashMap<>();
                    Map<String, AttributeValue> values = new LinkedHashMap<>();
                    List<String> terms = new ArrayList<>();
                    for (int i = 0; i < bases.size(); i++) {
                        String b = bases.get(i);
                        names.put("#" + b, "attr" + i);
                        values.put(":" + b, AttributeValues.number(i));
                        terms.add(i % 2 == 0 ? "#" + b + " = :" + b : "size(#" + b + ")>:" + b);
                    }
                    String text = String.join(" AND ", terms);
                    String prefix = "kp_x" + index + "_";
                    Expr renamed = ExtensionWrites.renamed(Expr.of(text, names, values), prefix);

                    assertThat(renamed.expression().replace("#" + prefix, "#").replace(":" + prefix, ":"))
                            .isEqualTo(text);
                    assertThat(renamed.names()).hasSameSizeAs(names);
                    names.forEach((k, v) -> assertThat(renamed.names()).containsEntry("#" + prefix + k.substring(1), v));
                    values.forEach((k, v) -> assertThat(renamed.values()).containsEntry(":" + prefix + k.substring(1), v));
                    for (String token : renamed.expression().split("[^#:A-Za-z0-9_]+")) {
                        if (token.startsWith("#") || token.startsWith(":")) {
                            assertThat(token.substring(1)).startsWith(prefix);
                        }
                    }
                });
    }

    @Test
    void anExtensionsConditionAndTheCallersKeepTheirOwnPlaceholders() { // x1: second of the extensions Doc has
        ItemExtension lock = new ItemExtension() {
            @Override
            public WriteModification beforeWrite(ItemWrite write) {
                return WriteModification.builder().condition(Condition.of("#l = :l", Map.of("#l", "locked"),
                        Map.of(":l", false))).build();
            }
        };
        ItemExtensions extensions = new ItemExtensions(List.of(schema),
                List.of(VersionExtension.INSTANCE, TimeToLiveExtension.INSTANCE, lock), Clock.systemUTC());
        Expr callers = Expr.of("#l = :l", Map.of("#l", "body"), Map.of(":l", AttributeValues.string("b")));
        PutItemRequest r = PutActions.action(schema, new Doc(1, "b", 4L), Map.of(), PutMode.REPLACE, callers,
                WriteKind.PUT, extensions, VALUES).toPutItemRequest("t");
        assertThat(r.conditionExpression())
                .isEqualTo("((#kp_ver = :kp_ver) AND (#kp_x1_l = :kp_x1_l)) AND (#l = :l)");
        assertThat(r.expressionAttributeNames()).containsEntry("#kp_x1_l", "locked").containsEntry("#l", "body")
                .containsEntry("#kp_ver", "version");
        assertThat(r.expressionAttributeValues().get(":kp_x1_l").bool()).isFalse();
        assertThat(r.expressionAttributeValues().get(":l").s()).isEqualTo("b");
    }

    @Test
    void aVersionedUpdateAddsOneAndChecksTheExpectedVersionUnderDistinctPlaceholders() {
        UpdateItemRequest r = UpdateActions.action(schema, KeyPath.of("doc", 1),
                UpdateSpec.of(u -> u.set("body", "x").expectedVersion(7)), VALUES).toUpdateItemRequest("t", null);
        assertThat(r.updateExpression()).isEqualTo("SET #kp_n0 = :kp_u0 ADD #kp_ver :kp_one");
        assertThat(r.conditionExpression()).isEqualTo("((attribute_exists(#kp_pk) AND #kp_type = :kp_type) "
                + "AND (attribute_not_exists(#kp_v))) AND (#kp_ver = :kp_ver)");
        assertThat(r.expressionAttributeValues().get(":kp_one").n()).isEqualTo("1");
        assertThat(r.expressionAttributeValues().get(":kp_ver").n()).isEqualTo("7");
    }

    @Test
    void anExtensionsSetOfAnAttributeTheUpdateSetsReplacesTheCallersValue() {
        ItemExtension upper = new ItemExtension() {
            @Override
            public WriteModification beforeWrite(ItemWrite write) {
                AttributeValue body = write.attributes().get("body");
                WriteModification.Builder m = WriteModification.builder().setIfAbsent("seen", AttributeValues.bool(true));
                return body == null ? m.build() : m.set("body", AttributeValues.string(body.s().toUpperCase())).build();
            }
        };
        ItemExtensions extensions = new ItemExtensions(List.of(schema), List.of(upper), Clock.systemUTC());
        UpdateItemRequest r = UpdateActions.action(schema, KeyPath.of("doc", 1),
                UpdateSpec.of(u -> u.set("body", "quiet")), VALUES, WriteKind.UPDATE, extensions)
                .toUpdateItemRequest("t", null);
        assertThat(r.updateExpression())
                .isEqualTo("SET #kp_n0 = :kp_u0, #kp_e0_0 = if_not_exists(#kp_e0_0, :kp_e0_0)");
        assertThat(r.expressionAttributeValues().get(":kp_u0").s()).isEqualTo("QUIET");
        assertThat(r.expressionAttributeNames()).containsEntry("#kp_e0_0", "seen");
    }
}
