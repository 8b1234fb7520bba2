package dev.keypath.test.publisher;

import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.Projection;
import dev.keypath.test.publisher.TckTable.RowLabel;
import java.util.Map;
import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowPublisherVerification;
import org.testng.annotations.AfterClass;
import org.testng.annotations.BeforeClass;

/**
 * The Reactive Streams TCK's publisher rules against {@link KeyPathAsyncTable#publish(Projection, ItemScan)} on the
 * test engine: a publisher of n items is a projected scan of the whole table with a filter that DynamoDB runs
 * ({@code position <= n}), in pages of 5, so that most pages take several {@code Scan} requests and the last ones
 * come back empty; the failing one is a scan whose page token is not one. A TestNG class, run by the JUnit Platform's
 * TestNG engine.
 */
public class ScanPublisherTckTest extends FlowPublisherVerification<RowLabel> {
    private TckTable rows;

    public ScanPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.GC_TIMEOUT_MILLIS);
    }

    @BeforeClass
    public void createTable() {
        rows = TckTable.create("scan-tck");
    }

    @AfterClass(alwaysRun = true)
    public void deleteTable() {
        if (rows != null) {
            rows.close();
        }
    }

    @Override
    public Flow.Publisher<RowLabel> createFlowPublisher(long elements) {
        Condition firstN = Condition.of("#p <= :n", Map.of("#p", "position"), Map.of(":n", elements));
        return rows.async.publish(TckTable.LABELS, ItemScan.of(s -> s.filter(firstN).limit(5)));
    }

    @Override
    public Flow.Publisher<RowLabel> createFailedFlowPublisher() {
        return rows.async.publish(TckTable.LABELS, ItemScan.of(s -> s.limit(5).pageToken("not-a-page-token")));
    }

    @Override
    public long maxElementsFromPublisher() {
        return TckTable.ROWS;
    }
}
