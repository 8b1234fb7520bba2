package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.Page;
import dev.keypath.micrometer.KeyPathObservations;
import dev.keypath.spring.sample.Post;
import dev.keypath.test.TestDynamoDb;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * {@code keypath.dynamodb.consumed-capacity} sets what the auto-configured table asks DynamoDB to report of consumed
 * capacity, as the requests on the wire show (an SDK interceptor added by a client customizer) and as the results,
 * the operation reports and the meters show: per table and index by default, totals with {@code total}, nothing with
 * {@code none}, where the meters still time every operation; a table-builder customizer overrides it. On DynamoDB
 * Local, with the meters alone on a {@link SimpleMeterRegistry}.
 */
class ConsumedCapacityPropertyTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("capacity");
    /** The tag of the meters that names the index whose units a counter counts. */
    private static final String INDEX_TAG = "aws.dynamodb.index_name";

    private final Asks asks = new Asks();
    private final List<OperationReport> reports = new CopyOnWriteArrayList<>();

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                    KeyPathDynamoAutoConfiguration.class, KeyPathLedgerAutoConfiguration.class))
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false", "keypath.dynamodb.create-table-if-missing=true",
                    "keypath.dynamodb.endpoint=" + TestDynamoDb.get().endpoint(),
                    "keypath.dynamodb.table-name=" + TABLE, "keypath.dynamodb.observations.mode=meters")
            .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
            .withBean(OperationListener.class, () -> reports::add)
            .withBean(KeyPathDynamoDbClientCustomizer.class, () -> builder -> builder.overrideConfiguration(
                    builder.overrideConfiguration().copy(o -> o.addExecutionInterceptor(asks))));

    /** What each item request asked for ({@code ReturnConsumedCapacity}) and whether its answer carried a figure. */
    record Ask(String operation, String asked, boolean answered) {
    }

    /** Notes the {@link Ask} of every call the client made. Thread-safe. */
    static final class Asks implements ExecutionInterceptor {
        final List<Ask> calls = new CopyOnWriteArrayList<>();

        @Override
        public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
            calls.add(new Ask(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME),
                    context.request().getValueForField("ReturnConsumedCapacity", String.class).orElse(null),
                    context.response().getValueForField("ConsumedCapacity", Object.class).isPresent()));
        }
    }

    /** The operations run on the table and what they gave back. */
    record Run(Page<Post> page, List<OperationReport> reports) {
        OperationReport of(OperationKind kind) {
            return reports.stream().filter(r -> r.kind() == kind).findFirst().orElseThrow();
        }
    }

    /**
     * A put of a post (the table and its index gsi1 written), a get of it and a query of gsi1 by its tag, with the
     * calls and reports of startup left out.
     */
    private Run putGetAndQuery(AssertableApplicationContext ctx) {
        assertThat(ctx).hasNotFailed();
        KeyPathTable table = ctx.getBean(KeyPathTable.class);
        asks.calls.clear();
        reports.clear();
        String tag = "t" + UUID.randomUUID();
        Post post = table.put(Post.of(UUID.randomUUID(), 0, "first", tag));
        assertThat(table.get(Post.class, table.keyPathOf(post))).isPresent();
        Page<Post> page = table.query(Post.class, ItemQuery.of(q -> q.index("gsi1").subtree(KeyPath.of("tag", tag))));
        assertThat(page.items()).extracting(Post::title).containsExactly("first");
        assertThat(asks.calls).extracting(Ask::operation).contains("PutItem", "GetItem", "Query");
        return new Run(page, List.copyOf(reports));
    }

    @Test
    void byDefaultTheTableAsksForTheTableAndEachIndexApart() {
        runner.run(ctx -> {
            Run run = putGetAndQuery(ctx);
            assertThat(asks.calls).allSatisfy(c -> assertThat(c.asked()).as(c.operation()).isEqualTo("INDEXES"));
            OperationCapacity put = run.of(OperationKind.PUT).capacity();
            assertThat(put.table(TABLE).writeUnits()).isPositive();
            assertThat(put.index("gsi1").writeUnits()).isPositive();
            assertThat(run.page().capacity().globalIndexes()).containsOnlyKeys("gsi1");
            assertThat(run.page().capacity().index("gsi1").readUnits()).isPositive();
            MeterRegistry meters = ctx.getBean(MeterRegistry.class);
            assertThat(meters.get(KeyPathObservations.WRITE_UNITS).tag(INDEX_TAG, "gsi1").counter().count())
                    .isPositive();
        });
    }

    @Test
    void totalGivesTotalsWithoutTheIndexesApart() {
        runner.withPropertyValues("keypath.dynamodb.consumed-capacity=total").run(ctx -> {
            Run run = putGetAndQuery(ctx);
            assertThat(asks.calls).allSatisfy(c -> assertThat(c.asked()).as(c.operation()).isEqualTo("TOTAL"));
            OperationCapacity put = run.of(OperationKind.PUT).capacity();
            assertThat(put.writeUnits()).isPositive();
            assertThat(put.globalIndexes()).isEmpty();
            assertThat(run.page().capacity().reported()).isTrue();
            assertThat(run.page().capacity().readUnits()).isPositive();
            assertThat(run.page().capacity().globalIndexes()).isEmpty();
            assertThat(ctx.getBean(MeterRegistry.class).find(KeyPathObservations.WRITE_UNITS).tag(INDEX_TAG, "gsi1")
                    .counters()).isEmpty();
        });
    }

    @Test
    void noneAsksNothingAndLeavesTheMetersAsTimersOnly() {
        runner.withPropertyValues("keypath.dynamodb.consumed-capacity=none").run(ctx -> {
            Run run = putGetAndQuery(ctx);
            assertThat(asks.calls).allSatisfy(c -> {
                assertThat(c.asked()).as(c.operation()).isIn(null, "NONE");
                assertThat(c.answered()).as(c.operation()).isFalse();
            });
            assertThat(run.page().capacity().reported()).isFalse();
            assertThat(run.page().capacity().totalUnits()).isZero();
            assertThat(run.reports()).hasSize(3).allSatisfy(r -> {
                assertThat(r.capacity().reported()).as(r.accessPattern()).isFalse();
                assertThat(r.capacity().totalUnits()).as(r.accessPattern()).isZero();
            });
            MeterRegistry meters = ctx.getBean(MeterRegistry.class);
            for (OperationReport report : run.reports()) {
                assertThat(meters.get(KeyPathObservations.OPERATION)
                        .tag("keypath.access_pattern", report.accessPattern()).timer().count())
                        .as(report.accessPattern()).isEqualTo(1);
            }
            assertThat(meters.find(KeyPathObservations.READ_UNITS).counters())
                    .allSatisfy(c -> assertThat(c.count()).isZero());
            assertThat(meters.find(KeyPathObservations.WRITE_UNITS).counters())
                    .allSatisfy(c -> assertThat(c.count()).isZero());
        });
    }

    @Test
    void aTableBuilderCustomizerOverridesTheProperty() {
        runner.withPropertyValues("keypath.dynamodb.consumed-capacity=none")
                .withBean(KeyPathTableBuilderCustomizer.class,
                        () -> builder -> builder.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .run(ctx -> {
                    Run run = putGetAndQuery(ctx);
                    assertThat(asks.calls).allSatisfy(c -> assertThat(c.asked()).as(c.operation())
                            .isEqualTo("TOTAL"));
                    assertThat(run.page().capacity().reported()).isTrue();
                    assertThat(run.page().capacity().globalIndexes()).isEmpty();
                });
    }
}
