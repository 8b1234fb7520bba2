package dev.keypath.dynamodb.internal.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;
import static org.quicktheories.generators.SourceDSL.strings;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.WriteOutcomeUnknownException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.StoredValues;
import dev.keypath.dynamodb.internal.expression.UpdateEffects;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.request.ConditionFailures.Verdict;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.math.BigDecimal;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import tools.jackson.databind.json.JsonMapper;

/**
 * How a write whose condition failed is settled from the stored item, without a network: stored values compared
 * as DynamoDB returns them, what an update leaves, the verdicts, and which failures DynamoDB may have applied.
 */
class ConditionFailuresTest {
    @ItemType(keyPath = "/doc-{id}")
    record Doc(long id, String body, List<String> tags, Set<String> labels, Long views, String lastRequest,
               @Version Long version) {
    }

    private static final DefaultItemSchema<Doc> SCHEMA = DefaultItemSchema.create(Doc.class,
            JsonMapper.builder().build());
    private static final ValueConverter VALUES = new ValueConverter(JsonMapper.builder().build());
    private static final KeyPath PATH = KeyPath.of("doc", 1);

    private static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.examples", 2_000));
    }

    private static AttributeValue n(String text) {
        return AttributeValue.fromN(text);
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    @Test
    void numbersCompareByValueAndSetsWithoutOrderAsDynamoDbReturnsThem() {
        qt().forAll(longs().all(), integers().between(0, 6), integers().between(0, 4)).checkAssert((v, scale, zeros) -> {
            BigDecimal d = BigDecimal.valueOf(v, scale);
            String padded = d.toPlainString() + (d.scale() > 0 ? "0".repeat(zeros) : "");
            assertThat(StoredValues.same(n(d.toPlainString()), n(padded))).isTrue();
            assertThat(StoredValues.same(n(d.toPlainString()), n(d.toEngineeringString()))).isTrue();
            assertThat(StoredValues.same(n(d.toPlainString()), n(d.add(BigDecimal.ONE).toPlainString()))).isFalse();
        });
        qt().forAll(lists().of(strings().basicLatinAlphabet().ofLengthBetween(0, 5)).ofSizeBetween(1, 8))
                .checkAssert(elements -> {
                    List<String> reordered = new ArrayList<>(elements);
                    Collections.reverse(reordered);
                    AttributeValue set = AttributeValue.fromSs(elements);
                    assertThat(StoredValues.same(set, AttributeValue.fromSs(reordered))).isTrue();
                    assertThat(StoredValues.same(AttributeValue.fromM(Map.of("l", AttributeValue.fromL(List.of(set)))),
                            AttributeValue.fromM(Map.of("l", AttributeValue.fromL(List.of(AttributeValue
                                    .fromSs(reordered))))))).isTrue();
                    List<String> more = new ArrayList<>(elements);
                    more.add("not-" + String.join("", elements));
                    assertThat(StoredValues.same(set, AttributeValue.fromSs(more))).isFalse();
                });
        assertThat(StoredValues.same(AttributeValue.fromNs(List.of("1.50", "2")), AttributeValue.fromNs(List.of("2",
                "1.5")))).isTrue();
        assertThat(StoredValues.same(n("1"), s("1"))).isFalse();
        assertThat(StoredValues.sameItem(Map.of("a", n("1")), Map.of("a", n("1"), "b", n("2")))).isFalse();
    }

    @Test
    void aPutIsItsOwnOnlyWhenTheStoredItemIsTheOneItSent() {
        WriteAction put = PutActions.action(SCHEMA, new Doc(1, "b", List.of("x"), null, 10L, null, 3L), Map.of(),
                PutMode.REPLACE, Expr.NONE, true);
        Map<String, AttributeValue> stored = new HashMap<>(put.item());
        stored.put("views", n("10.0"));
        assertThat(ConditionFailures.ofPut(put, stored)).isEqualTo(Verdict.OWN);
        stored.put("body", s("c"));
        assertThat(ConditionFailures.ofPut(put, stored)).isEqualTo(Verdict.OTHER);
        assertThat(ConditionFailures.ofPut(put, null)).isEqualTo(Verdict.UNDECIDED);
    }

    private static UpdateActions.Planned plan(UpdateSpec spec) {
        return UpdateActions.plan(SCHEMA, UpdateItem.builder(Doc.class, PATH, spec).build(), VALUES);
    }

    private static Map<String, AttributeValue> item(long version, Map<String, AttributeValue> attributes) {
        Map<String, AttributeValue> item = new HashMap<>(attributes);
        item.put("version", n(Long.toString(version)));
        return item;
    }

    private static Verdict verdict(UpdateActions.Planned p, Map<String, AttributeValue> stored) {
        return ConditionFailures.ofUpdate(p.action(), p.effects(), stored, "version");
    }

    @Test
    void anUpdateIsItsOwnWhenTheStoredItemShowsEveryChangeAndTheVersionItMade() {
        UpdateActions.Planned p = plan(UpdateSpec.of(u -> u.set("body", "new").remove("views")
                .addToSet("labels", List.of("a", "b")).expectedVersion(4)));
        Map<String, AttributeValue> shown = Map.of("body", s("new"), "labels", AttributeValue.fromSs(List.of("b", "c",
                "a")));
        assertThat(verdict(p, item(5, shown))).isEqualTo(Verdict.OWN);
        assertThat(verdict(p, item(6, shown))).as("changed again since").isEqualTo(Verdict.UNDECIDED);
        assertThat(verdict(p, item(5, Map.of("body", s("other"), "labels", AttributeValue.fromSs(List.of("a", "b"))))))
                .isEqualTo(Verdict.OTHER);
        Map<String, AttributeValue> withViews = new HashMap<>(shown);
        withViews.put("views", n("1"));
        assertThat(verdict(p, item(5, withViews))).as("the removed attribute is back").isEqualTo(Verdict.OTHER);
        assertThat(verdict(p, null)).isEqualTo(Verdict.UNDECIDED);
    }

    @Test
    void anUpdateWhoseChangesDependOnTheStoredValuesCannotTellWithoutItsToken() {
        UpdateActions.Planned counted = plan(UpdateSpec.of(u -> u.increment("views", 1).set("body", "x")
                .expectedVersion(4)));
        assertThat(verdict(counted, item(5, Map.of("body", s("x"), "views", n("9"))))).isEqualTo(Verdict.UNDECIDED);
        assertThat(verdict(counted, item(5, Map.of("body", s("y"), "views", n("9"))))).isEqualTo(Verdict.OTHER);
        UpdateActions.Planned tokened = plan(UpdateSpec.of(u -> u.increment("views", 1).expectedVersion(4)
                .requestToken("lastRequest", "r-7")));
        assertThat(verdict(tokened, item(9, Map.of("lastRequest", s("r-7"))))).isEqualTo(Verdict.OWN_BY_TOKEN);
        assertThat(verdict(tokened, item(5, Map.of("lastRequest", s("r-8"))))).isEqualTo(Verdict.OTHER);
        assertThat(tokened.action().condition().expression()).contains("#kp_tok <> :kp_tok");
    }

    @Test
    void anUpdateIsIdempotentUnlessAChangeDependsOnWhatItChanges() {
        assertThat(UpdateEffects.idempotent(UpdateSpec.of(u -> u.set("body", "x").remove("views")
                .addToSet("labels", List.of("a")).setIfAbsent("lastRequest", "r")))).isTrue();
        assertThat(UpdateEffects.idempotent(UpdateSpec.of(u -> u.set("body", UpdateSpec.valueOf("lastRequest")))))
                .isTrue();
        assertThat(UpdateEffects.idempotent(UpdateSpec.of(u -> u.set("body", UpdateSpec.valueOf("lastRequest"))
                .set("lastRequest", "r")))).isFalse();
        assertThat(UpdateEffects.idempotent(UpdateSpec.of(u -> u.increment("views", 1)))).isFalse();
        assertThat(UpdateEffects.idempotent(UpdateSpec.of(u -> u.add("views", 1)))).isFalse();
        assertThat(UpdateEffects.idempotent(UpdateSpec.of(u -> u.append("tags", List.of("t"))))).isFalse();
        assertThat(UpdateEffects.idempotent(UpdateSpec.of(u -> u.setSum("views", 1, 2)))).isFalse();
    }

    private static ConditionalCheckFailedException failed(int attempts, Map<String, AttributeValue> stored) {
        return (ConditionalCheckFailedException) ConditionalCheckFailedException.builder().message("failed")
                .item(stored).numAttempts(attempts).build();
    }

    @Test
    void aFailedConditionIsSettledByTheStoredItemOnlyAfterAnAttemptThatMayHaveBeenApplied() {
        WriteAction put = PutActions.action(SCHEMA, new Doc(1, "b", null, null, null, null, 3L), Map.of(),
                PutMode.REPLACE, Expr.NONE, true);
        WriteAttempts attempts = WriteAttempts.recording(); // its plugin never ran: the attempt count decides
        assertThatThrownBy(() -> ConditionFailures.settle(put, failed(1, put.item()), attempts,
                stored -> ConditionFailures.ofPut(put, stored), "version", () -> "own"))
                .isExactlyInstanceOf(VersionConflictException.class);
        assertThat(ConditionFailures.settle(put, failed(2, put.item()), attempts,
                stored -> ConditionFailures.ofPut(put, stored), "version", () -> "own")).isEqualTo("own");
        Map<String, AttributeValue> theirs = item(4, Map.of("body", s("theirs")));
        assertThatThrownBy(() -> ConditionFailures.settle(put, failed(2, theirs), attempts,
                stored -> ConditionFailures.ofPut(put, stored), "version", () -> "own"))
                .as("another writer made version 4").isExactlyInstanceOf(VersionConflictException.class);
        Map<String, AttributeValue> later = item(6, Map.of("body", s("theirs")));
        assertThatThrownBy(() -> ConditionFailures.settle(put, failed(2, later), attempts,
                stored -> ConditionFailures.ofPut(put, stored), "version", () -> "own"))
                .isExactlyInstanceOf(WriteOutcomeUnknownException.class).hasMessageContaining("replaced since");

        WriteAction delete = DeleteActions.action(SCHEMA, PATH, 3, Expr.NONE);
        assertThatThrownBy(() -> ConditionFailures.settle(delete, failed(3, Map.of()), attempts,
                ConditionFailures::ofDelete, "version", () -> "own"))
                .isExactlyInstanceOf(WriteOutcomeUnknownException.class).hasMessageContaining("may have deleted it");
        assertThatThrownBy(() -> ConditionFailures.settle(delete, failed(3, later), attempts,
                ConditionFailures::ofDelete, "version", () -> "own")).isExactlyInstanceOf(VersionConflictException.class);
    }

    @Test
    void onlyFailuresBeforeDynamoDbCouldApplyTheRequestAreSafeToResendAnIncrementAfter() {
        assertThat(WriteAttempts.mayHaveBeenApplied(InternalServerErrorException.builder().statusCode(500).build()))
                .isTrue();
        assertThat(WriteAttempts.mayHaveBeenApplied(ProvisionedThroughputExceededException.builder().statusCode(400)
                .build())).isFalse();
        assertThat(WriteAttempts.mayHaveBeenApplied(ApiCallAttemptTimeoutException.create(1000))).isTrue();
        assertThat(WriteAttempts.mayHaveBeenApplied(SdkClientException.create("broken",
                new java.io.IOException("reset")))).isTrue();
        assertThat(WriteAttempts.mayHaveBeenApplied(SdkClientException.create("refused",
                new ConnectException("refused")))).isFalse();
    }
}
