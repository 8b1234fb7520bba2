package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static dev.keypath.test.adapter.AsyncResults.failure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Bootstrap is one operation that both tables run: the async table creates, verifies and extends a table as the
 * sync one does, and both wait for a table that DynamoDB reports as not yet active, or give up on one that stays
 * so. DynamoDB Local makes tables active at once, so the waits are shown by an interceptor that reports the first
 * descriptions after a change as {@code CREATING} or {@code UPDATING}.
 */
@KeyPathDynamoDb
class BootstrapBothTablesTest {

    private static KeyPathAsyncTable.Builder asyncBuilder(String name, DynamoDbAsyncClient client) {
        return KeyPathTables.asyncBuilder().client(client).tableName(name).register(Model.ALL)
                .pageTokenSecret(TableFixture.SECRET);
    }

    @Test
    void asyncBootstrapCreatesTheTableItsIndexAndTtlThenFindsItExisting(DynamoDbClient client,
                                                                      DynamoDbAsyncClient async) {
        String name = TestDynamoDb.uniqueTableName("aboot");
        KeyPathAsyncTable table = asyncBuilder(name, async).build();

        assertThat(await(table.bootstrap())).isEqualTo(TableStatus.CREATED);
        assertThat(await(table.bootstrap())).isEqualTo(TableStatus.EXISTED);

        TableDescription d = client.describeTable(b -> b.tableName(name)).table();
        assertThat(d.keySchema()).extracting(k -> k.attributeName() + ":" + k.keyType())
                .containsExactly("pk:" + KeyType.HASH, "sk:" + KeyType.RANGE);
        assertThat(d.attributeDefinitions()).allSatisfy(a -> assertThat(a.attributeType())
                .isEqualTo(ScalarAttributeType.B));
        assertThat(d.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(d.globalSecondaryIndexes()).extracting(g -> g.indexName()).containsExactly("gsi1");
        assertThat(client.describeTimeToLive(b -> b.tableName(name)).timeToLiveDescription()).satisfies(t -> {
            assertThat(t.timeToLiveStatus()).isIn(TimeToLiveStatus.ENABLED, TimeToLiveStatus.ENABLING);
            assertThat(t.attributeName()).isEqualTo("_ttl");
        });
        // the sync table reads the async table's work as its own
        assertThat(TableFixture.builder(name, client).build().bootstrap()).isEqualTo(TableStatus.EXISTED);
    }

    @Test
    void asyncBootstrapAddsAMissingIndexAndAStream(DynamoDbClient client, DynamoDbAsyncClient async) {
        String name = TestDynamoDb.uniqueTableName("aboot-gsi");
        assertThat(await(KeyPathTables.asyncBuilder().client(async).tableName(name).register(Model.User.class)
                .build().bootstrap())).isEqualTo(TableStatus.CREATED);

        assertThat(await(asyncBuilder(name, async).streams(StreamViewType.NEW_IMAGE).build().bootstrap()))
                .isEqualTo(TableStatus.EXISTED);

        TableDescription d = client.describeTable(b -> b.tableName(name)).table();
        assertThat(d.globalSecondaryIndexes()).extracting(g -> g.indexName()).containsExactly("gsi1");
        assertThat(d.streamSpecification().streamEnabled()).isTrue();
        assertThat(d.streamSpecification().streamViewType()).isEqualTo(StreamViewType.NEW_IMAGE);
        assertThat(failure(asyncBuilder(name, async).streams(StreamViewType.KEYS_ONLY).build().bootstrap()))
                .isInstanceOf(TableSchemaMismatchException.class).hasMessageContaining("view type NEW_IMAGE");
    }

    @Test
    void asyncBootstrapRefusesATableWhoseKeysAreNotBinary(DynamoDbClient client, DynamoDbAsyncClient async) {
        String name = TestDynamoDb.uniqueTableName("aboot-bad");
        TableFixture.createStringKeyedTable(client, name);

        assertThat(failure(asyncBuilder(name, async).build().bootstrap()))
                .isInstanceOf(TableSchemaMismatchException.class)
                .hasMessageContaining("pk HASH (S)").hasMessageContaining("pk HASH (B)");
        assertThat(client.describeTimeToLive(b -> b.tableName(name)).timeToLiveDescription().timeToLiveStatus())
                .as("nothing is changed on a refused table").isNotEqualTo(TimeToLiveStatus.ENABLED);
    }

    @Test
    void bothTablesWaitUntilANewTableIsActive() {
        for (boolean asyncTable : new boolean[] {false, true}) {
            String name = TestDynamoDb.uniqueTableName("aboot-wait");
            NotYetActive faults = new NotYetActive(2);

            TableStatus status = withFaults(faults, asyncTable, name, Clock.systemUTC());

            assertThat(status).as("async " + asyncTable).isEqualTo(TableStatus.CREATED);
            // the first description finds no table; after CreateTable, two reported CREATING, the third ACTIVE
            assertThat(faults.seen).as("async " + asyncTable)
                    .containsExactly("NOT_FOUND", "CREATING", "CREATING", "ACTIVE");
        }
    }

    @Test
    void bothTablesGiveUpOnATableThatStaysInactivePastTheLimit() {
        for (boolean asyncTable : new boolean[] {false, true}) {
            String name = TestDynamoDb.uniqueTableName("aboot-stuck");
            NotYetActive faults = new NotYetActive(Integer.MAX_VALUE);
            Clock elevenMinutesPerReading = new SteppingClock(Duration.ofMinutes(11));

            assertThatThrownBy(() -> withFaults(faults, asyncTable, name, elevenMinutesPerReading))
                    .as("async " + asyncTable)
                    .isInstanceOf(KeyPathDynamoException.class)
                    .hasMessageContaining("Table " + name + " is not ACTIVE 10 minutes after it was created or "
                            + "changed (status: CREATING)");
            assertThat(faults.seen).as("async " + asyncTable).containsExactly("NOT_FOUND", "CREATING");
        }
    }

    /** Bootstraps {@code name} through a client with {@code faults}, on the sync or the async table. */
    private static TableStatus withFaults(ExecutionInterceptor faults, boolean asyncTable, String name, Clock clock) {
        if (asyncTable) {
            try (DynamoDbAsyncClient c = TestDynamoDb.get().asyncClientBuilder()
                    .overrideConfiguration(o -> o.addExecutionInterceptor(faults)).build()) {
                CompletableFuture<TableStatus> bootstrap = asyncBuilder(name, c).clock(clock).build().bootstrap();
                try {
                    return bootstrap.join();
                } catch (CompletionException e) {
                    throw (RuntimeException) e.getCause(); // the give-up test asserts the async table's own exception
                }
            }
        }
        try (DynamoDbClient c = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(faults)).build()) {
            KeyPathTable table = TableFixture.builder(name, c).clock(clock).build();
            return table.bootstrap();
        }
    }

    /**
     * Reports the first {@code inactive} descriptions of an existing table as {@code CREATING}, and records what
     * each {@code DescribeTable} answered.
     */
    private static final class NotYetActive implements ExecutionInterceptor {
        final List<String> seen = new ArrayList<>();
        private final AtomicInteger inactive;

        NotYetActive(int inactive) {
            this.inactive = new AtomicInteger(inactive);
        }

        @Override
        public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
            if (context.request().getClass().getSimpleName().equals("DescribeTableRequest")) {
                seen.add("NOT_FOUND");
            }
        }

        @Override
        public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
            if (!(context.response() instanceof DescribeTableResponse r)) {
                return context.response();
            }
            UnaryOperator<TableDescription> report = d -> d;
            if (inactive.getAndDecrement() > 0) {
                report = d -> d.toBuilder().tableStatus(
                        software.amazon.awssdk.services.dynamodb.model.TableStatus.CREATING).build();
            }
            TableDescription reported = report.apply(r.table());
            seen.add(reported.tableStatusAsString());
            return r.toBuilder().table(reported).build();
        }
    }

    /** A clock that moves on by {@code step} each time it is read. */
    private static final class SteppingClock extends Clock {
        private final Duration step;
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        SteppingClock(Duration step) {
            this.step = step;
        }

        @Override
        public synchronized Instant instant() {
            now = now.plus(step);
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
