package dev.keypath.test.publisher;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.test.publisher.TckTable.Row;
import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowPublisherVerification;
import org.testng.annotations.AfterClass;
import org.testng.annotations.BeforeClass;

/**
 * The Reactive Streams TCK's publisher rules against {@link KeyPathAsyncTable#publish(Class, ItemQuery)} on the test
 * engine: a publisher of n items is the query of rows 1 to n in pages of 2, so every stream of more than two items
 * crosses pages; the failing one is a query whose page token was tampered with. A TestNG class, run by the JUnit
 * Platform's TestNG engine.
 */
public class QueryPublisherTckTest extends FlowPublisherVerification<Row> {
    private TckTable rows;

    public QueryPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.GC_TIMEOUT_MILLIS);
    }

    @BeforeClass
    public void createTable() {
        rows = TckTable.create("query-tck");
    }

    @AfterClass(alwaysRun = true)
    public void deleteTable() {
        if (rows != null) {
            rows.close();
        }
    }

    @Override
    public Flow.Publisher<Row> createFlowPublisher(long elements) {
        KeyPath run = KeyPath.of("run", TckTable.RUN);
        ItemQuery query = elements == 0
                ? ItemQuery.of(q -> q.subtree(KeyPath.of("run", TckTable.RUN + 1)).limit(2)) // an empty run
                : ItemQuery.of(q -> q.between(run.then("row", 1), run.then("row", elements)).limit(2));
        return rows.async.publish(Row.class, query);
    }

    @Override
    public Flow.Publisher<Row> createFailedFlowPublisher() {
        ItemQuery first = ItemQuery.of(q -> q.subtree(KeyPath.of("run", TckTable.RUN)).limit(2));
        String token = rows.sync.query(first).nextPageToken();
        return rows.async.publish(Row.class, first.toBuilder().pageToken(TckSettings.tampered(token)).build());
    }

    @Override
    public long maxElementsFromPublisher() {
        return TckTable.ROWS;
    }
}
