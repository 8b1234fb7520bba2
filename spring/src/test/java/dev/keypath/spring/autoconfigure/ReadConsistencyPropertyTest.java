package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.KeyPathTransactions;
import dev.keypath.spring.sample.Post;
import dev.keypath.test.TestDynamoDb;
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
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * {@code keypath.dynamodb.read-consistency} sets the consistency of the auto-configured table's reads that name
 * none, as the requests on the wire show (an SDK interceptor added by a client customizer): eventual by default, as
 * DynamoDB's own, strong when set; a table-builder customizer overrides it, and a unit of work reads strongly
 * consistent whatever it says. On DynamoDB Local.
 */
class ReadConsistencyPropertyTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("consistency");

    private final Reads reads = new Reads();

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                    KeyPathDynamoAutoConfiguration.class))
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false", "keypath.dynamodb.create-table-if-missing=true",
                    "keypath.dynamodb.endpoint=" + TestDynamoDb.get().endpoint(),
                    "keypath.dynamodb.table-name=" + TABLE)
            .withBean(KeyPathDynamoDbClientCustomizer.class, () -> builder -> builder.overrideConfiguration(
                    builder.overrideConfiguration().copy(o -> o.addExecutionInterceptor(reads))));

    /** One read on the wire: its operation and whether it asked for a strongly consistent read. */
    record Read(String operation, boolean consistent) {
    }

    /** Notes every get and query the client sends. Thread-safe. */
    static final class Reads implements ExecutionInterceptor {
        final List<Read> calls = new CopyOnWriteArrayList<>();

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            if (context.request() instanceof GetItemRequest g) {
                calls.add(new Read("GetItem", Boolean.TRUE.equals(g.consistentRead())));
            } else if (context.request() instanceof QueryRequest q) {
                calls.add(new Read("Query", Boolean.TRUE.equals(q.consistentRead())));
            }
        }
    }

    /** A post written, then read by key through the Spring operations and by a query of its user's posts. */
    private List<Read> findAndQuery(AssertableApplicationContext ctx) {
        assertThat(ctx).hasNotFailed();
        KeyPathDynamoOperations operations = ctx.getBean(KeyPathDynamoOperations.class);
        Post post = operations.insert(Post.of(UUID.randomUUID(), 0, "first", "t"));
        KeyPath path = ctx.getBean(KeyPathTable.class).keyPathOf(post);
        reads.calls.clear();
        assertThat(operations.findById(Post.class, path)).isPresent();
        assertThat(operations.query(ItemQuery.of(q -> q.subtree(path))).items()).hasSize(1);
        return List.copyOf(reads.calls);
    }

    @Test
    void byDefaultReadsAreEventuallyConsistent() {
        runner.run(ctx -> {
            assertThat(findAndQuery(ctx)).containsExactly(new Read("GetItem", false), new Read("Query", false));
            assertThat(ctx.getBean(KeyPathTable.class).readConsistency()).isEqualTo(ReadConsistency.EVENTUAL);
        });
    }

    @Test
    void strongMakesEveryReadNamingNoneStronglyConsistent() {
        runner.withPropertyValues("keypath.dynamodb.read-consistency=strong").run(ctx -> {
            assertThat(findAndQuery(ctx)).containsExactly(new Read("GetItem", true), new Read("Query", true));
            assertThat(ctx.getBean(KeyPathTable.class).readConsistency()).isEqualTo(ReadConsistency.STRONG);
        });
    }

    @Test
    void aTableBuilderCustomizerWins() {
        runner.withPropertyValues("keypath.dynamodb.read-consistency=strong")
                .withBean(KeyPathTableBuilderCustomizer.class,
                        () -> builder -> builder.readConsistency(ReadConsistency.EVENTUAL))
                .run(ctx -> assertThat(findAndQuery(ctx)).containsExactly(new Read("GetItem", false),
                        new Read("Query", false)));
    }

    @Test
    void aUnitOfWorkReadsStronglyConsistentWhateverTheProperty() {
        runner.run(ctx -> {
            KeyPathDynamoOperations operations = ctx.getBean(KeyPathDynamoOperations.class);
            Post post = operations.insert(Post.of(UUID.randomUUID(), 0, "first", "t"));
            KeyPath path = ctx.getBean(KeyPathTable.class).keyPathOf(post);
            reads.calls.clear();
            ctx.getBean(KeyPathTransactions.class).run(ops -> {
                Post read = ops.findById(Post.class, path).orElseThrow();
                ops.save(read);
            });
            assertThat(reads.calls).containsExactly(new Read("GetItem", true));
        });
    }
}
