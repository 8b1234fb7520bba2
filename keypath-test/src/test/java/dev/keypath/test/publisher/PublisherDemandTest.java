package dev.keypath.test.publisher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.publisher.Rows.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Flow;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * How far an async table's publisher reads, counted in the requests a real engine receives: nothing before demand,
 * one page for a demand that one page covers, the next page only once the items before it are handed over and more
 * are asked for, never two pages in flight, whatever the demand and however many threads ask; a cancel stops the
 * reading at once, a page in flight included.
 */
@KeyPathDynamoDb(types = Row.class)
class PublisherDemandTest {
    @Injected
    static KeyPathTable table;
    @Injected
    static KeyPathAsyncTable shared;

    @Test
    void nothingIsReadBeforeTheSubscriberAsks() {
        String box = Rows.newBox();
        Rows.write(table, box, 8);
        RequestLog log = new RequestLog();
        try (DynamoDbAsyncClient client = Rows.asyncClient(log, o -> { })) {
            Recorder<Row> rows = Recorder.<Row>recording()
                    .subscribeTo(async(client).publish(Row.class, Rows.box(box, 5)));
            Recorder.pause(Recorder.QUIET);
            assertThat(log.sent()).isZero();
            assertThat(rows.items()).isEmpty();
            rows.cancel();
        }
    }

    @Test
    void aDemandOfOneReadsOnePageAndTheNextPageOnlyWhenTheFirstIsHandedOver() {
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 12);
        RequestLog log = new RequestLog();
        try (DynamoDbAsyncClient client = Rows.asyncClient(log, o -> { })) {
            Recorder<Row> rows = Recorder.<Row>recording()
                    .subscribeTo(async(client).publish(Row.class, Rows.box(box, 5)));
            rows.request(1);
            assertThat(rows.awaitItems(1)).containsExactly(written.get(0));
            Recorder.pause(Recorder.QUIET);
            assertThat(rows.items()).hasSize(1);
            assertThat(log.sent()).as("one page for a demand of one").isEqualTo(1);

            rows.request(4); // the rest of the first page: no request
            assertThat(rows.awaitItems(5)).containsExactlyElementsOf(written.subList(0, 5));
            Recorder.pause(Recorder.QUIET);
            assertThat(log.sent()).isEqualTo(1);

            rows.request(1); // the first item of the second page
            assertThat(rows.awaitItems(6)).containsExactlyElementsOf(written.subList(0, 6));
            Recorder.pause(Recorder.QUIET);
            assertThat(rows.items()).hasSize(6);
            assertThat(log.sent()).isEqualTo(2);

            rows.request(Long.MAX_VALUE);
            assertThat(rows.awaitCompletion()).containsExactlyElementsOf(written);
            assertThat(log.sent()).as("pages of 5, 5 and 2").isEqualTo(3);
            assertThat(log.mostInFlight()).isEqualTo(1);
        }
    }

    @Test
    void unboundedDemandReadsEveryPageOneAfterAnother() {
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 23);
        RequestLog log = new RequestLog();
        try (DynamoDbAsyncClient client = Rows.asyncClient(log, o -> { })) {
            Recorder<Row> rows = Recorder.<Row>recording()
                    .subscribeTo(async(client).publish(Row.class, Rows.box(box, 5)));
            rows.request(Long.MAX_VALUE);
            assertThat(rows.awaitCompletion()).containsExactlyElementsOf(written);
            assertThat(log.sent()).isEqualTo(5);
            assertThat(log.mostInFlight()).isEqualTo(1);
        }
    }

    @Test
    void requestsMadeBackToBackBeforeAPageArrivesLoseAndRepeatNothing() {
        // aws-sdk-java-v2#2690: a second request() before the first page came asked for a second page, and a page
        // arriving over an undelivered one replaced it
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 30);
        RequestLog log = new RequestLog();
        try (DynamoDbAsyncClient client = Rows.asyncClient(log, o -> { })) {
            Recorder<Row> rows = Recorder.<Row>recording()
                    .subscribeTo(async(client).publish(Row.class, Rows.box(box, 5)));
            rows.request(3);
            rows.request(4);
            assertThat(rows.awaitItems(7)).containsExactlyElementsOf(written.subList(0, 7));
            Recorder.pause(Recorder.QUIET);
            assertThat(rows.items()).hasSize(7);
            assertThat(log.sent()).as("pages for 7 items of pages of 5").isEqualTo(2);
            assertThat(log.mostInFlight()).isEqualTo(1);
            rows.request(Long.MAX_VALUE);
            assertThat(rows.awaitCompletion()).containsExactlyElementsOf(written);
        }
    }

    @Test
    void requestsFromManyThreadsWhilePagesArriveHandOverEachItemOnceInOrder() throws Exception {
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 100);
        RequestLog log = new RequestLog();
        ExecutorService askers = Executors.newFixedThreadPool(4);
        try (DynamoDbAsyncClient client = Rows.asyncClient(log, o -> { })) {
            Recorder<Row> rows = Recorder.<Row>recording()
                    .subscribeTo(async(client).publish(Row.class, Rows.box(box, 3)));
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> asked = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                asked.add(askers.submit(() -> {
                    start.await();
                    for (int i = 0; i < 25; i++) {
                        rows.request(1);
                        if (ThreadLocalRandom.current().nextInt(4) == 0) {
                            Thread.sleep(1);
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : asked) {
                f.get(30, TimeUnit.SECONDS);
            }
            assertThat(rows.awaitCompletion()).containsExactlyElementsOf(written);
            assertThat(log.mostInFlight()).isEqualTo(1);
            assertThat(log.sent()).as("33 pages of 3 and the last item").isEqualTo(34);
        } finally {
            askers.shutdownNow();
        }
    }

    @Test
    void cancelWhileAPageIsInFlightDropsThatPageAndReadsNoMore() throws Exception {
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 20);
        RequestLog log = new RequestLog().hold(2);
        try (DynamoDbAsyncClient client = Rows.asyncClient(log, o -> { })) {
            Recorder<Row> rows = Recorder.<Row>recording()
                    .subscribeTo(async(client).publish(Row.class, Rows.box(box, 5)));
            rows.request(Long.MAX_VALUE);
            log.awaitHolding(); // the second page's answer is here, held
            assertThat(rows.items()).containsExactlyElementsOf(written.subList(0, 5));
            rows.cancel();
            log.release();
            Recorder.pause(Recorder.QUIET);
            assertThat(rows.items()).as("the page in flight is dropped").hasSize(5);
            assertThat(rows.ended()).as("no signal after cancel").isFalse();
            assertThat(log.sent()).isEqualTo(2);
            rows.assertRules();
        }
    }

    @Test
    void cancelFromOnNextEndsTheReadAtThatItem() {
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 20);
        RequestLog log = new RequestLog();
        try (DynamoDbAsyncClient client = Rows.asyncClient(log, o -> { })) {
            Recorder<Row> rows = Recorder.<Row>onEach((r, row) -> {
                if (row.seq() == 7) {
                    r.cancel();
                }
            }).subscribeTo(async(client).publish(Row.class, Rows.box(box, 5)));
            rows.request(Long.MAX_VALUE);
            assertThat(rows.awaitItems(7)).containsExactlyElementsOf(written.subList(0, 7));
            Recorder.pause(Recorder.QUIET);
            assertThat(rows.items()).hasSize(7);
            assertThat(rows.ended()).isFalse();
            assertThat(log.sent()).isEqualTo(2);
            rows.assertRules();
        }
    }

    @Test
    void aPageOfThousandsOfItemsAskedForOneAtATimeFromOnNextKeepsTheStackFlat() {
        // aws-sdk-java-v2#6411: each item handed over by a recursive call, a large page overflowed the stack
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 3_000);
        AtomicInteger depth = new AtomicInteger();
        AtomicInteger deepest = new AtomicInteger();
        Recorder<Row> rows = Recorder.<Row>onEach((r, row) -> {
            deepest.accumulateAndGet(depth.incrementAndGet(), Math::max);
            r.request(1);
            depth.decrementAndGet();
        }).subscribeTo(shared.publish(Row.class, Rows.box(box, 0)));
        rows.request(1);
        assertThat(rows.awaitCompletion()).containsExactlyElementsOf(written);
        assertThat(deepest.get()).as("onNext nested in onNext").isEqualTo(1);
    }

    @Test
    void demandAddedUpPastLongMaxValueIsUnboundedNotAnError() {
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 9);
        Recorder<Row> rows = Recorder.<Row>onEach((r, row) -> r.request(Long.MAX_VALUE - 1))
                .subscribeTo(shared.publish(Row.class, Rows.box(box, 2)));
        rows.request(Long.MAX_VALUE - 1);
        rows.request(Long.MAX_VALUE - 1);
        assertThat(rows.awaitCompletion()).containsExactlyElementsOf(written);
    }

    @Test
    void eachSubscriberReadsFromTheStartOnItsOwn() {
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 11);
        Flow.Publisher<Row> publisher = shared.publish(Row.class, Rows.box(box, 4));
        Recorder<Row> first = Recorder.<Row>recording().subscribeTo(publisher);
        Recorder<Row> second = Recorder.<Row>recording().subscribeTo(publisher);
        first.request(3);
        second.request(Long.MAX_VALUE);
        assertThat(first.awaitItems(3)).containsExactlyElementsOf(written.subList(0, 3));
        assertThat(second.awaitCompletion()).containsExactlyElementsOf(written);
        first.request(Long.MAX_VALUE);
        assertThat(first.awaitCompletion()).containsExactlyElementsOf(written);
    }

    @Test
    void aPageTokenOfTheSyncTableIsWhereThePublishedReadStarts() {
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 13);
        String token = table.query(Row.class, Rows.box(box, 4)).nextPageToken();
        Recorder<Row> rows = Recorder.<Row>recording()
                .subscribeTo(shared.publish(Row.class, Rows.box(box, 4).toBuilder().pageToken(token).build()));
        rows.request(Long.MAX_VALUE);
        assertThat(rows.awaitCompletion()).containsExactlyElementsOf(written.subList(4, 13));
    }

    private static KeyPathAsyncTable async(DynamoDbAsyncClient client) {
        return Rows.asyncTable(table, client, settings -> { });
    }
}
