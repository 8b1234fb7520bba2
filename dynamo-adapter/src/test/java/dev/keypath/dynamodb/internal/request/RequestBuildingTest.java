package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.operation.BatchWrites;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.TransactionTooLargeException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import tools.jackson.databind.json.JsonMapper;

/** Pure request building and response mapping, without a network. */
class RequestBuildingTest {
    @ItemType(keyPath = "/doc-{id}")
    record Doc(long id, String body, @Version Long version, double ratio) {
    }

    private final DefaultItemSchema<Doc> schema = DefaultItemSchema.create(Doc.class, JsonMapper.builder().build());

    @Test
    void putNewVersionedItemRequiresAbsenceAndStoresVersionOne() {
        WriteAction a = PutActions.action(schema, new Doc(1, "b", null, 0.5), Map.of(), PutMode.REPLACE,
                Expr.NONE, true);
        PutItemRequest r = a.toPutItemRequest("t");
        assertThat(r.conditionExpression()).isEqualTo("attribute_not_exists(#kp_pk)");
        assertThat(r.item().get("version").n()).isEqualTo("1");
        assertThat(r.item().get("ratio").n()).isEqualTo("0.5");
        assertThat(a.expectedVersion()).isZero();
    }

    @Test
    void putExistingVersionChecksItAndCombinesWithModeAndCondition() {
        Expr user = Expr.of("#b <> :b", Map.of("#b", "body"), Map.of(":b", AttributeValues.string("x")));
        PutItemRequest r = PutActions.action(schema, new Doc(1, "b", 4L, 0), Map.of(),
                PutMode.REPLACE_EXISTING, user, true).toPutItemRequest("t");
        assertThat(r.conditionExpression())
                .isEqualTo("((#kp_ver = :kp_ver) AND (attribute_exists(#kp_pk))) AND (#b <> :b)");
        assertThat(r.expressionAttributeValues().get(":kp_ver").n()).isEqualTo("4");
        assertThat(r.item().get("version").n()).isEqualTo("5");
    }

    @Test
    void nonFiniteNumbersAreRejected() {
        assertThatThrownBy(() -> schema.toItem(new Doc(1, "b", 1L, Double.NaN)))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("Doc.ratio");
    }

    @Test
    void transactionCancellationMapsReasonsToActionIndexAndKeyPath() {
        List<WriteAction> actions = List.of(
                DeleteActions.action(schema, KeyPath.of("doc", 1), -1, Expr.NONE),
                DeleteActions.action(schema, KeyPath.of("doc", 2), 3, Expr.NONE));
        TransactionCanceledException e = TransactionCanceledException.builder().message("cancelled")
                .cancellationReasons(CancellationReason.builder().code("None").build(),
                        CancellationReason.builder().code("ConditionalCheckFailed").message("nope").build()).build();
        TransactionFailedException f = TransactWriteRequests.failure(actions, e);
        assertThat(f.failures()).singleElement().satisfies(x -> {
            assertThat(x.index()).isEqualTo(1);
            assertThat(x.keyPath()).isEqualTo(KeyPath.of("doc", 2));
            assertThat(x.versionCheck()).isTrue();
        });
        assertThat(f.hasConditionFailure()).isTrue();
        assertThat(f.keyPath()).contains(KeyPath.of("doc", 2));
    }

    @Test
    void transactionRejectsTooManyActionsAndDuplicateKeys() {
        WriteAction a = DeleteActions.action(schema, KeyPath.of("doc", 1), -1, Expr.NONE);
        assertThatThrownBy(() -> TransactWriteRequests.request("t", List.of(a, a), "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/doc-1");
        List<WriteAction> many = new java.util.ArrayList<>();
        for (int i = 0; i < 101; i++) {
            many.add(DeleteActions.action(schema, KeyPath.of("doc", i), -1, Expr.NONE));
        }
        assertThatThrownBy(() -> TransactWriteRequests.request("t", many, "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("100");
    }

    @Test
    void transactionSizeSumsItemSizesAndAllowsExactlyFourMb() {
        List<WriteAction> actions = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            actions.add(putDoc(i, 400_000));
        }
        actions.add(UpdateActions.action(schema, KeyPath.of("doc", 10),
                UpdateSpec.of(u -> u.set("body", "c".repeat(1000))), new ValueConverter(JsonMapper.builder().build())));
        actions.add(DeleteActions.action(schema, KeyPath.of("doc", 11), -1, Expr.NONE));
        assertThat(actions.get(0).itemSize()).isEqualTo(ItemSizes.itemSize(actions.get(0).item()));
        assertThat(actions.get(10).itemSize()).isGreaterThan(1000); // key plus the value it writes
        assertThat(actions.get(11).itemSize()).isEqualTo(ItemSizes.itemSize(actions.get(11).key()));
        long sum = actions.stream().mapToLong(WriteAction::itemSize).sum();
        WriteAction probe = putDoc(12, 1);
        int fill = (int) (TableAttributes.MAX_TRANSACTION_SIZE - sum - probe.itemSize()) + 1;

        List<WriteAction> exact = new java.util.ArrayList<>(actions);
        exact.add(putDoc(12, fill));
        assertThat(exact.stream().mapToLong(WriteAction::itemSize).sum()).isEqualTo(4L * 1024 * 1024);
        TransactWriteRequests.request("t", exact, "x");

        List<WriteAction> over = new java.util.ArrayList<>(actions);
        over.add(putDoc(12, fill + 1));
        over.add(putDoc(13, 10));
        assertThatThrownBy(() -> TransactWriteRequests.request("t", over, "x"))
                .isInstanceOf(TransactionTooLargeException.class)
                .hasMessageContaining("action 12 (put)").hasMessageContaining("/doc-12")
                .satisfies(e -> {
                    TransactionTooLargeException t = (TransactionTooLargeException) e;
                    assertThat(t.actionIndex()).isEqualTo(12);
                    assertThat(t.size()).isEqualTo(over.stream().mapToLong(WriteAction::itemSize).sum());
                    assertThat(t.limit()).isEqualTo(TableAttributes.MAX_TRANSACTION_SIZE);
                });
    }

    private WriteAction putDoc(long id, int bodyLength) {
        return PutActions.action(schema, new Doc(id, "b".repeat(bodyLength), 1L, 0), Map.of(),
                PutMode.REPLACE, Expr.NONE, false);
    }

    @Test
    void batchWriteChunksAre25AndRejectDuplicates() {
        List<WriteAction> many = new java.util.ArrayList<>();
        for (int i = 0; i < 60; i++) {
            many.add(DeleteActions.action(schema, KeyPath.of("doc", i), -1, Expr.NONE));
        }
        assertThat(BatchWrites.chunks(many)).extracting(List::size).containsExactly(25, 25, 10);
        many.add(many.get(0));
        assertThatThrownBy(() -> BatchWrites.chunks(many)).hasMessageContaining("/doc-0");
    }

    @Test
    void pageLimitAsksForWhatIsMissingDividedByTheShareOfItemsKept() {
        assertThat(QueryRequests.pageLimit(0, 0, 0.5, 0)).as("no limit: DynamoDB's pages").isZero();
        assertThat(QueryRequests.pageLimit(5, 2, 1, 2)).as("a range of the page's types only").isEqualTo(3);
        assertThat(QueryRequests.pageLimit(5, 2, Double.NaN, 0)).as("nothing known yet").isEqualTo(3);
        assertThat(QueryRequests.pageLimit(100, 0, 0.2, 0)).isEqualTo(500);
        assertThat(QueryRequests.pageLimit(100, 40, 0.25, 200)).isEqualTo(240);
        assertThat(QueryRequests.pageLimit(21, 0, 1.0 / 3, 0)).isEqualTo(63);
        assertThat(QueryRequests.pageLimit(10, 0, 0, 0)).as("at most 16 read per item missing").isEqualTo(160);
        assertThat(QueryRequests.pageLimit(500, 0, 0.1, 0)).as("at most 1,000").isEqualTo(1000);
        assertThat(QueryRequests.pageLimit(5000, 0, 1, 0)).as("what is missing, if more").isEqualTo(5000);
        assertThat(QueryRequests.pageLimit(100, 8, 0.08, 100)).as("at most four times what the page read")
                .isEqualTo(400);
        assertThat(QueryRequests.pageLimit(100, 8, 0.08, 10)).as("never less than what is missing").isEqualTo(92);
    }

    @Test
    void backoffCeilingGrowsExponentiallyAndIsCapped() {
        BatchPolicy p = new BatchPolicy(Duration.ofMillis(10), Duration.ofMillis(100), Duration.ofSeconds(1));
        assertThat(List.of(1, 2, 3, 4, 5, 50)).extracting(n -> p.backoff().ceiling(n).toMillis())
                .containsExactly(10L, 20L, 40L, 80L, 100L, 100L);
    }

    @Test
    void pageTokensRoundTripAndRejectOtherFingerprintsAndSecrets() {
        PageTokens tokens = new PageTokens(new byte[16]);
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> key = KeyLimits.keyOf(
                KeyPath.of("user", 1).then("post", 2));
        byte[] fp = {1, 2, 3};
        String t = tokens.encode(key, fp);
        assertThat(tokens.decode(t, fp)).isEqualTo(key);
        assertThatThrownBy(() -> tokens.decode(t, new byte[] {1, 2, 4})).isInstanceOf(InvalidPageTokenException.class);
        byte[] other = new byte[16];
        other[0] = 1;
        assertThatThrownBy(() -> new PageTokens(other).decode(t, fp)).isInstanceOf(InvalidPageTokenException.class);
        assertThatThrownBy(() -> tokens.decode("", fp)).isInstanceOf(InvalidPageTokenException.class)
                .hasMessageContaining("too short");
        assertThatThrownBy(() -> new PageTokens(new byte[8])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void uuidV7IsTimeOrdered() {
        var ids = new UuidV7Sequence();
        var a = ids.next(1_000);
        var b = ids.next(2_000);
        assertThat(a.version()).isEqualTo(7);
        assertThat(a.variant()).isEqualTo(2);
        assertThat(KeyPath.of("s", a)).isLessThan(KeyPath.of("s", b));
    }
}
