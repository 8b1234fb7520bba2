package dev.keypath.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.test.TestDynamoDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;

/**
 * An import killed part way (an SDK interceptor fails every batch write after the first ones) and run again with
 * its checkpoint ends with the table identical to the source: the second run passes over what the checkpoint
 * records and writes the rest, and a third run writes nothing.
 */
class ImportResumeTest {
    private static final int ITEMS = 2_000;

    @TempDir
    static Path out;
    @TempDir
    static Path work;
    private static KeyPathTable source;

    @BeforeAll
    static void export() {
        source = Tables.filled("resume-src", new GeneratedItems(99L).items(ITEMS));
        TableExporter.builder().client(source.client()).tableName(source.tableName()).directory(out).segments(3)
                .maxItemsPerFile(300).build().export();
    }

    /** Fails every {@code BatchWriteItem} after the first {@code allowed}, as a process dying there would stop. */
    static final class FailAfter implements ExecutionInterceptor {
        private final AtomicInteger left;

        FailAfter(int allowed) {
            this.left = new AtomicInteger(allowed);
        }

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            if (context.request() instanceof BatchWriteItemRequest && left.getAndDecrement() <= 0) {
                throw new IllegalStateException("injected: the import is killed here");
            }
        }
    }

    @Test
    void aKilledImportRunAgainWithItsCheckpointEndsIdentical() throws Exception {
        Path checkpoint = work.resolve("import.checkpoint.json");
        KeyPathTable target = Tables.fresh("resume-dst");
        try (DynamoDbClient dying = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(new FailAfter(37))).build()) {
            KeyPathTable killed = KeyPathTables.builder().client(dying).tableName(target.tableName()).build();
            TableImporter first = TableImporter.builder().table(killed).directory(out).checkpoint(checkpoint)
                    .batchSize(50).build();
            assertThatThrownBy(first::run).hasMessageContaining("injected");
        }
        String recorded = Files.readString(checkpoint);
        int storedBefore = Tables.scan(target.tableName()).size();

        ImportResult second = TableImporter.builder().table(target).directory(out).checkpoint(checkpoint)
                .batchSize(50).build().run();

        assertThat(recorded).contains("\"finishedFiles\"").contains("\"linesDone\"");
        assertThat(storedBefore).isGreaterThan(0).isLessThan(ITEMS);
        assertThat(second.passedOver()).isGreaterThan(0).isLessThanOrEqualTo(storedBefore);
        assertThat(second.written() + second.passedOver()).isEqualTo(ITEMS + Tables.LAYOUT_RECORD);
        List<Map<String, AttributeValue>> copied = Tables.scan(target.tableName());
        assertThat(copied).hasSize(ITEMS + Tables.LAYOUT_RECORD);
        assertThat(StoredForm.of(copied)).isEqualTo(StoredForm.of(Tables.scan(source.tableName())));

        ImportResult third = TableImporter.builder().table(target).directory(out).checkpoint(checkpoint).build().run();
        assertThat(third.written()).isZero();
        assertThat(third.passedOver()).isEqualTo(ITEMS + Tables.LAYOUT_RECORD);
    }

    @Test
    void importingTwiceWithoutACheckpointChangesNothing() {
        KeyPathTable target = Tables.fresh("resume-twice");

        TableImporter.builder().table(target).directory(out).build().run();
        Map<String, Object> once = StoredForm.of(Tables.scan(target.tableName()));
        ImportResult again = TableImporter.builder().table(target).directory(out).build().run();

        assertThat(again.written()).isEqualTo(ITEMS + Tables.LAYOUT_RECORD);
        assertThat(StoredForm.of(Tables.scan(target.tableName()))).isEqualTo(once)
                .hasSize(ITEMS + Tables.LAYOUT_RECORD);
    }

    @Test
    void aCheckpointOfAnotherExportIsRefused() throws Exception {
        Path checkpoint = work.resolve("other.json");
        Files.writeString(checkpoint, "{\"exportId\":\"00000000000000-deadbeef\",\"finishedFiles\":[]}");
        KeyPathTable target = Tables.fresh("resume-other");

        assertThatThrownBy(() -> TableImporter.builder().table(target).directory(out).checkpoint(checkpoint).build()
                .run()).isInstanceOf(ExportFormatException.class).hasMessageContaining("other.json")
                .hasMessageContaining("00000000000000-deadbeef");
        assertThat(Tables.scanOfItems(target.tableName())).isEmpty();
    }
}
