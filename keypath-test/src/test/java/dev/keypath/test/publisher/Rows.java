package dev.keypath.test.publisher;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.TableCustomizer;
import dev.keypath.test.TestDynamoDb;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Rows in boxes, one box per test, and tables and clients of the test engine that read them. */
final class Rows {
    /** A row of a box; {@code position} equals {@code seq}, as an attribute a filter can read. */
    @ItemType(keyPath = "/box-{box}/row-{seq}")
    record Row(String box, long seq, long position, String label) {
    }

    /** The page-token secret of every table of rows, injected ones included ({@link SharedSecret}). */
    static final byte[] SECRET = "publisher-test-secret-0123456789".getBytes(StandardCharsets.UTF_8);

    /** Gives the injected tables {@link #SECRET}, so that tables built here accept their page tokens. */
    static final class SharedSecret implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> table) {
            table.pageTokenSecret(SECRET);
        }
    }

    private Rows() {
    }

    /** A new box name. */
    static String newBox() {
        return UUID.randomUUID().toString();
    }

    /** Writes rows 1 to {@code count} of {@code box} and returns them in key-path order. */
    static List<Row> write(KeyPathTable table, String box, int count) {
        List<Row> rows = new ArrayList<>();
        for (long seq = 1; seq <= count; seq++) {
            rows.add(new Row(box, seq, seq, "row " + seq));
        }
        table.batchWrite(WriteBatch.builder().putAll(rows).build());
        return rows;
    }

    /** The key path of row {@code seq} of {@code box}. */
    static KeyPath path(String box, long seq) {
        return KeyPath.of("box", box).then("row", seq);
    }

    /** Every row of {@code box}, in pages of {@code pageSize}. */
    static ItemQuery box(String box, int pageSize) {
        return ItemQuery.of(q -> q.subtree(KeyPath.of("box", box)).limit(pageSize));
    }

    /** An async client of the test engine (Netty) with {@code interceptor}; SDK retries as {@code retries} sets. */
    static DynamoDbAsyncClient asyncClient(ExecutionInterceptor interceptor,
                                           Consumer<ClientOverrideConfiguration.Builder> retries) {
        return TestDynamoDb.get().asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> {
                    o.addExecutionInterceptor(interceptor);
                    retries.accept(o);
                }).build();
    }

    /** A sync client of the test engine with {@code interceptor}; SDK retries as {@code retries} sets. */
    static DynamoDbClient client(ExecutionInterceptor interceptor,
                                 Consumer<ClientOverrideConfiguration.Builder> retries) {
        return TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> {
            o.addExecutionInterceptor(interceptor);
            retries.accept(o);
        }).build();
    }

    /** An async table on {@code client} over the table {@code like} names, with its settings. */
    static KeyPathAsyncTable asyncTable(KeyPathTable like, DynamoDbAsyncClient client,
                                        Consumer<TableBuilderSettings<?>> settings) {
        KeyPathAsyncTable.Builder b = KeyPathTables.asyncBuilder().client(client).tableName(like.tableName())
                .register(Row.class).pageTokenSecret(SECRET);
        settings.accept(b);
        return b.build();
    }

    /** A sync table on {@code client} over the table {@code like} names, with its settings. */
    static KeyPathTable table(KeyPathTable like, DynamoDbClient client, Consumer<TableBuilderSettings<?>> settings) {
        KeyPathTable.Builder b = KeyPathTables.builder().client(client).tableName(like.tableName()).register(Row.class)
                .pageTokenSecret(SECRET);
        settings.accept(b);
        return b.build();
    }
}
