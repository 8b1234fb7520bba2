package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.test.TestDynamoDb;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** {@code keypath create-table}: a key-path table for a migration or an import, made by the adapter's bootstrap. */
class CreateTableCommandTest {
    static DynamoDbClient client;
    static String endpoint;

    @BeforeAll
    static void engine() {
        client = TestDynamoDb.get().client();
        endpoint = TestDynamoDb.get().endpoint().toString();
    }

    private static TableDescription describe(String table) {
        return client.describeTable(b -> b.tableName(table)).table();
    }

    @Test
    void createsAnOnDemandKeyPathTableWithTtlAndAStream() {
        String table = TestDynamoDb.uniqueTableName("cli-create");

        CliRun run = CliRun.of("create-table", "--endpoint", endpoint, "--table", table,
                "--stream", "NEW_AND_OLD_IMAGES");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("created table '" + table + "'");
        TableDescription d = describe(table);
        assertThat(d.keySchema()).extracting(k -> k.attributeName() + " " + k.keyTypeAsString())
                .containsExactly("pk HASH", "sk RANGE");
        assertThat(d.attributeDefinitions()).allMatch(a -> a.attributeType() == ScalarAttributeType.B);
        assertThat(d.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(d.streamSpecification().streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
        assertThat(client.describeTimeToLive(b -> b.tableName(table)).timeToLiveDescription())
                .satisfies(t -> {
                    assertThat(t.timeToLiveStatus()).isIn(TimeToLiveStatus.ENABLED, TimeToLiveStatus.ENABLING);
                    assertThat(t.attributeName()).isEqualTo("_ttl");
                });
    }

    @Test
    void createsAProvisionedTableAndAcceptsItAgain() {
        String table = TestDynamoDb.uniqueTableName("cli-provisioned");

        CliRun first = CliRun.of("create-table", "--endpoint", endpoint, "--table", table, "--billing", "provisioned",
                "--read-capacity", "7", "--write-capacity", "3");
        CliRun again = CliRun.of("create-table", "--endpoint", endpoint, "--table", table, "--billing", "provisioned",
                "--read-capacity", "7", "--write-capacity", "3");

        assertThat(first.exitCode()).as(first.err()).isZero();
        TableDescription d = describe(table);
        assertThat(d.provisionedThroughput().readCapacityUnits()).isEqualTo(7L);
        assertThat(d.provisionedThroughput().writeCapacityUnits()).isEqualTo(3L);
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("table '" + table + "' exists");
    }

    @Test
    void aStringKeyedTableOfThatNameIsAnErrorAndIsLeftAlone() {
        String table = TestDynamoDb.uniqueTableName("cli-strings");
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("PK").keyType("HASH")));

        CliRun run = CliRun.of("create-table", "--endpoint", endpoint, "--table", table);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("error: ").contains(table).contains("pk HASH (B)");
        assertThat(describe(table).keySchema()).singleElement().extracting(k -> k.attributeName()).isEqualTo("PK");
    }

    @Test
    void provisionedCapacityWithoutProvisionedBillingIsAUsageError() {
        CliRun run = CliRun.of("create-table", "--endpoint", endpoint, "--table", "x", "--read-capacity", "5");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--read-capacity").contains("--billing provisioned");
    }

    @Test
    void anUnknownBillingModeIsAUsageErrorListingTheAcceptedOnes() {
        CliRun run = CliRun.of("create-table", "--endpoint", endpoint, "--table", "x", "--billing", "ON_DEMAND");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("expected on-demand or provisioned, got 'ON_DEMAND'");
    }
}
