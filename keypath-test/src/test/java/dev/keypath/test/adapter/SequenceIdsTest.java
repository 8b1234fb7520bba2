package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.IdAllocationException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Sequence ids next to ids that did not come from the counter: explicit ids, and items written by another
 * client. An auto-id insert steps past them and never overwrites one.
 */
class SequenceIdsTest {
    @ItemType(keyPath = "/shop-{shopId}/order-{orderId}")
    record Order(String shopId, @AutoId(AutoId.Strategy.SEQUENCE) long orderId, String note) {
    }

    @ItemType(keyPath = "/shop-{shopId}/invoice-{invoiceId}")
    record Invoice(String shopId, @AutoId(AutoId.Strategy.SEQUENCE) long invoiceId, String note,
                   @Version Long version) {
    }

    @ItemType(keyPath = "/ticket-{ticketId}")
    record Ticket(@AutoId(AutoId.Strategy.SEQUENCE) long ticketId, String note) {
    }

    private static KeyPathTable table;
    private static DynamoDbAsyncClient asyncClient;
    private static KeyPathAsyncTable asyncTable;

    @BeforeAll
    static void setUp() {
        String name = TestDynamoDb.uniqueTableName("sequence");
        table = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(name)
                .register(Order.class, Invoice.class).build();
        table.bootstrap();
        asyncClient = TestDynamoDb.get().asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .build();
        asyncTable = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                .register(Order.class, Invoice.class).build();
    }

    @AfterAll
    static void tearDown() {
        asyncClient.close();
    }

    @Test
    void anAutoIdStepsPastAnExplicitIdAndNeverOverwritesIt() {
        String shop = "explicit-" + UUID.randomUUID();
        assertThat(table.put(new Order(shop, 0, "auto")).orderId()).isEqualTo(1);
        table.put(new Order(shop, 2, "explicit two"));
        table.put(new Order(shop, 3, "explicit three"));
        Order next = table.put(new Order(shop, 0, "auto again"));
        assertThat(next.orderId()).isEqualTo(4);
        assertThat(table.get(Order.class, KeyPath.of("shop", shop).then("order", 2)))
                .contains(new Order(shop, 2, "explicit two"));
        assertThat(table.get(Order.class, KeyPath.of("shop", shop).then("order", 3)))
                .contains(new Order(shop, 3, "explicit three"));
    }

    @Test
    void anAutoIdStepsPastAnItemWrittenByAnotherClient() {
        String shop = "foreign-" + UUID.randomUUID();
        assertThat(table.put(new Invoice(shop, 0, "auto", null)).invoiceId()).isEqualTo(1);
        KeyPath foreign = KeyPath.of("shop", shop).then("invoice", 10);
        for (KeyPath path : List.of(KeyPath.of("shop", shop).then("invoice", 2), foreign)) {
            TestDynamoDb.get().client().putItem(r -> r.tableName(table.tableName()).item(Map.of(
                    "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                    "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())),
                    "_type", AttributeValue.fromS("Invoice"), "note", AttributeValue.fromS("from elsewhere"),
                    "version", AttributeValue.fromN("1"))));
        }
        Invoice next = table.put(new Invoice(shop, 0, "auto again", null));
        assertThat(next.invoiceId()).as("2 is taken: past the highest id in use").isEqualTo(11);
        assertThat(next.version()).isEqualTo(1);
        assertThat(table.get(Invoice.class, foreign).orElseThrow().note()).isEqualTo("from elsewhere");
    }

    @Test
    void theAsyncTableStepsPastOccupiedIdsToo() {
        String shop = "async-" + UUID.randomUUID();
        assertThat(asyncTable.put(new Order(shop, 0, "auto")).join().orderId()).isEqualTo(1);
        asyncTable.put(new Order(shop, 2, "explicit")).join();
        asyncTable.put(new Order(shop, 7, "explicit")).join();
        assertThat(asyncTable.put(new Order(shop, 0, "auto")).join().orderId()).isEqualTo(8);
        assertThat(table.get(Order.class, KeyPath.of("shop", shop).then("order", 7)))
                .contains(new Order(shop, 7, "explicit"));
    }

    @Test
    void idsCanBeGeneratedBeforeTheWrite() {
        String shop = "early-" + UUID.randomUUID();
        table.put(new Order(shop, 1, "explicit"));
        Order early = table.withGeneratedIds(new Order(shop, 0, "later"));
        assertThat(early).isEqualTo(new Order(shop, 2, "later"));
        assertThat(table.get(Order.class, table.keyPathOf(early))).as("nothing written yet").isEmpty();
        Order asyncEarly = asyncTable.withGeneratedIds(new Order(shop, 0, "later")).join();
        assertThat(asyncEarly.orderId()).isEqualTo(3);
        Order explicit = new Order(shop, 9, "set");
        assertThat(table.withGeneratedIds(explicit)).isSameAs(explicit);
        table.put(early, PutMode.CREATE_ONLY);
        assertThat(table.get(Order.class, table.keyPathOf(early))).contains(early);
    }

    @Test
    void aTransactionStepsPastOccupiedIds() {
        String shop = "tx-" + UUID.randomUUID();
        table.put(new Order(shop, 1, "explicit one"));
        List<Object> stored = table.transact(tx -> tx.put(new Order(shop, 0, "auto in tx")));
        assertThat(((Order) stored.get(0)).orderId()).isEqualTo(2);
        assertThat(table.get(Order.class, KeyPath.of("shop", shop).then("order", 1)))
                .contains(new Order(shop, 1, "explicit one"));
    }

    @Test
    void aTopLevelTypeCannotCountItsIds() {
        assertThatThrownBy(() -> ItemSchemas.of(Ticket.class)).isInstanceOf(ItemMappingException.class)
                .hasMessageContaining("Ticket.ticketId").hasMessageContaining("has no parent")
                .hasMessageContaining("UUID_V7");
    }

    @Test
    void whenAnotherWriterTakesEveryIdFirstTheErrorSaysWhatWasTried() {
        String shop = "raced-" + UUID.randomUUID();
        KeyPath orders = KeyPath.of("shop", shop).then("order");
        // another client writes each id the counter hands out, just before this put probes it
        ExecutionInterceptor racer = new ExecutionInterceptor() {
            @Override
            public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                if (context.response() instanceof UpdateItemResponse r && r.hasAttributes()
                        && r.attributes().containsKey("n") && !(context.request() instanceof UpdateItemRequest u
                        && u.conditionExpression() != null)) {
                    KeyPath taken = KeyPath.of("shop", shop).then("order", Long.parseLong(r.attributes().get("n").n()));
                    TestDynamoDb.get().client().putItem(p -> p.tableName(table.tableName()).item(Map.of(
                            "pk", AttributeValue.fromB(SdkBytes.fromByteArray(taken.partitionKey())),
                            "sk", AttributeValue.fromB(SdkBytes.fromByteArray(taken.sortKey())),
                            "_type", AttributeValue.fromS("Order"), "note", AttributeValue.fromS("racer"))));
                }
            }
        };
        try (DynamoDbClient raced = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(racer)).build()) {
            KeyPathTable racedTable = KeyPathTables.builder().client(raced).tableName(table.tableName())
                    .register(Order.class, Invoice.class).build();
            assertThatThrownBy(() -> racedTable.put(new Order(shop, 0, "mine")))
                    .isInstanceOf(IdAllocationException.class)
                    .hasMessageContaining("No free sequence id after 8 attempts")
                    .hasMessageContaining("[1, 2, 3, 4, 5, 6, 7, 8]")
                    .hasMessageContaining(orders.toString());
        }
        assertThat(table.stream(Order.class, ItemQuery.of(q -> q.subtree(KeyPath.of("shop", shop)))).toList())
                .hasSize(8).allMatch(o -> o.note().equals("racer"));
    }

    @Test
    void anInsertOfAnExistingIdSaysSoInAnInsertsWords() {
        String shop = "dup-" + UUID.randomUUID();
        table.put(new Invoice(shop, 5, "first", null));
        assertThatThrownBy(() -> table.put(new Invoice(shop, 5, "second", null)))
                .isInstanceOf(VersionConflictException.class)
                .hasMessageContaining("an item already exists")
                .hasMessageNotContaining("Version conflict");
    }

    @Test
    void concurrentAutoIdsAreDistinctAndAllStored() throws Exception {
        String shop = "busy-" + UUID.randomUUID();
        for (long id = 30; id <= 40; id++) {
            table.put(new Order(shop, id, "explicit " + id));
        }
        ExecutorService pool = Executors.newFixedThreadPool(16);
        List<Future<Long>> ids = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            int n = i;
            ids.add(pool.submit(() -> table.put(new Order(shop, 0, "auto " + n)).orderId()));
        }
        Set<Long> distinct = new HashSet<>();
        for (Future<Long> id : ids) {
            distinct.add(id.get(60, TimeUnit.SECONDS));
        }
        pool.shutdown();
        assertThat(distinct).hasSize(400).doesNotContainAnyElementsOf(List.of(30L, 35L, 40L));
        List<Order> all = table.stream(Order.class, ItemQuery.of(q -> q.subtree(KeyPath.of("shop", shop)))).toList();
        assertThat(all).hasSize(411);
        assertThat(all.stream().filter(o -> o.note().startsWith("explicit"))).hasSize(11)
                .allMatch(o -> o.note().equals("explicit " + o.orderId()));
    }
}
