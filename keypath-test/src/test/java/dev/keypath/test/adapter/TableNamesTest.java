package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.InvalidTableNameException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A table name DynamoDB would refuse (3 to 255 characters of {@code a-z A-Z 0-9 _ . -}) is refused when either
 * table is built, naming the rule and the name, before any request; every name DynamoDB takes is accepted and
 * bootstraps, on both tables.
 */
@KeyPathDynamoDb
class TableNamesTest {
    @Injected
    private static TestDynamoDb engine;

    @ItemType(keyPath = "/thing-{id}")
    @SecondaryKeyPath(index = "by name", keyPath = "/name-{name}/thing-{id}")
    record BadIndex(String id, String name) {
    }

    private static final List<String> REFUSED = List.of("", "ab", "a".repeat(256), "my table", "orders/2024",
            "café", "tab\tle", "a:b", "x".repeat(100) + "#");

    @Test
    void aNameDynamoDbRefusesIsRefusedWhenEitherTableIsBuiltBeforeAnyRequest() {
        AtomicInteger requests = new AtomicInteger();
        ExecutionInterceptor counter = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                requests.incrementAndGet();
            }
        };
        try (DynamoDbClient client = engine.clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(counter)).build();
             DynamoDbAsyncClient async = engine.asyncClientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(counter)).build()) {
            for (String name : REFUSED) {
                assertThatThrownBy(() -> KeyPathTables.builder().client(client).tableName(name)
                        .register(Model.ALL).build()).as("sync %s", name)
                        .isInstanceOf(InvalidTableNameException.class)
                        .hasMessageContaining("'" + name + "'")
                        .hasMessageContaining("3 to 255 characters")
                        .hasMessageContaining("a-z, A-Z, 0-9, '_', '.' and '-'");
                assertThatThrownBy(() -> KeyPathTables.asyncBuilder().client(async).tableName(name)
                        .register(Model.ALL).build()).as("async %s", name)
                        .isInstanceOf(InvalidTableNameException.class)
                        .hasMessageContaining("'" + name + "'")
                        .hasMessageContaining("3 to 255 characters");
            }
        }
        assertThat(requests).hasValue(0);
    }

    @Test
    void aMissingNameIsRefusedNamingTheSetting(DynamoDbClient client) {
        assertThatThrownBy(() -> KeyPathTables.builder().client(client).register(Model.ALL).build())
                .isInstanceOf(InvalidTableNameException.class).hasMessageContaining("tableName");
    }

    @Test
    void everyNameDynamoDbTakesIsAcceptedAndBootstraps(DynamoDbClient client, DynamoDbAsyncClient async) {
        String longest = TestDynamoDb.uniqueTableName("n") + "-";
        longest = longest + "x".repeat(255 - longest.length());
        for (String name : List.of(TestDynamoDb.uniqueTableName("A.b_c"), longest,
                "abc-" + TestDynamoDb.uniqueTableName("x").substring(3))) {
            KeyPathTable table = KeyPathTables.builder().client(client).tableName(name).register(Model.ALL).build();
            assertThat(table.bootstrap()).as(name).isEqualTo(TableStatus.CREATED);
            KeyPathAsyncTable same = KeyPathTables.asyncBuilder().client(async).tableName(name).register(Model.ALL)
                    .build();
            assertThat(await(same.bootstrap())).as(name).isEqualTo(TableStatus.EXISTED);
            client.deleteTable(b -> b.tableName(name));
        }
    }

    @Test
    void aTableArnIsAcceptedWhenItsNamePartIsValid(DynamoDbClient client) {
        String arn = "arn:aws:dynamodb:eu-west-1:123456789012:table/orders-2024";
        assertThat(KeyPathTables.builder().client(client).tableName(arn).register(Model.ALL).build().tableName())
                .isEqualTo(arn);
        assertThatThrownBy(() -> KeyPathTables.builder().client(client)
                .tableName("arn:aws:dynamodb:eu-west-1:123456789012:table/no").register(Model.ALL).build())
                .isInstanceOf(InvalidTableNameException.class).hasMessageContaining("3 to 255 characters");
    }

    @Test
    void anIndexNameDynamoDbRefusesIsRefusedWhenTheTypeIsRegisteredNamingTheRule(DynamoDbClient client) {
        assertThatThrownBy(() -> KeyPathTables.builder().client(client).tableName("things").register(BadIndex.class)
                .build()).isInstanceOf(ItemMappingException.class).hasMessageContaining("'by name'")
                .hasMessageContaining("3 to 200 characters, each one of a-z, A-Z, 0-9, '_', '.' and '-'");
    }
}
