package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

class SmallMigrationTest {
    static final BatchPolicy FAST = new BatchPolicy(Duration.ofMillis(1), Duration.ofMillis(20), Duration.ofSeconds(30));

    @Test
    void movesEveryMappedItemDespiteThrottlingAndUnprocessedItems() throws Exception {
        TestDynamoDb engine = TestDynamoDb.get();
        SocialTable social = new SocialTable(40, 5, 4, 50, 20);
        String source = SocialTable.uniqueTable("small-source");
        String target = SocialTable.uniqueTable("small-target");
        SocialTable.createSource(engine.client(), source);
        SocialTable.createTarget(engine.client(), target);
        long t0 = System.nanoTime();
        SocialTable.load(engine.client(), source, social.items());
        System.out.println("load " + social.allItems() + " in " + (System.nanoTime() - t0) / 1e6 + " ms");
        PeriodicFaults faults = new PeriodicFaults(7, 5);
        try (DynamoDbClient client = engine.clientBuilder().overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(faults)).build()) {
            Migration migration = Migration.builder().client(client).source(source).target(target)
                    .mapping(MigrationMapping.parseJson(SocialTable.MAPPING_JSON)).segments(3).pageSize(100)
                    .batchPolicy(FAST).build();
            MigrationPlan plan = migration.plan();
            System.out.println(plan.describe());
            MigrationRun run = migration.run();
            System.out.println(run.describe());
            MigrationVerification check = migration.verify();
            System.out.println(check.describe());
            assertThat(plan.mapped()).isEqualTo(social.mappedItems());
            assertThat(run.written()).isEqualTo(social.mappedItems());
            assertThat(check.clean()).isTrue();
            assertThat(faults.throttled()).isPositive();
            assertThat(faults.droppedCalls()).isPositive();
        }
    }
}
