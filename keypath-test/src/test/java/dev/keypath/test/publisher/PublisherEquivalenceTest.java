package dev.keypath.test.publisher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Flow;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Whatever the read (a subtree, a range, a keys-only index whose items are then read by key, a scan or a segment of
 * one; ascending or descending; any page size; a filter DynamoDB runs; types; whole items, one type or a projection)
 * and however the subscriber asks (one chunk after another of any size, or everything at once), an async table's
 * publisher gives the same items in the same order as the sync table's stream of the same read, and ends alike:
 * complete, or with the same failure after the same items. The table holds books on shelves, notes on books, and
 * expired books (which both leave out).
 */
@KeyPathDynamoDb(types = {PublisherEquivalenceTest.Book.class, PublisherEquivalenceTest.Note.class})
class PublisherEquivalenceTest {
    static final String[] COLORS = {"red", "green", "blue"};
    static final int SHELVES = 4;

    @ItemType(keyPath = "/shelf-{shelf}/book-{book}")
    @SecondaryKeyPath(index = "byColor", keyPath = "/color-{color}/book-{book}", projection = IndexProjection.KEYS_ONLY)
    record Book(long shelf, long book, String color, String title, @TimeToLive Instant expires) {
    }

    @ItemType(keyPath = "/shelf-{shelf}/book-{book}/note-{note}")
    record Note(long shelf, long book, long note, String color, String text) {
    }

    /** A view of a book. */
    record Title(long book, String title) {
    }

    static final Projection<Title> TITLES = Projection.of(Book.class, Title.class);

    @Injected
    static KeyPathTable sync;
    @Injected
    static KeyPathAsyncTable async;

    @BeforeAll
    static void fill() {
        Random random = new Random(20_240_601);
        WriteBatch.Builder batch = WriteBatch.builder();
        Instant past = Instant.now().minusSeconds(86_400);
        for (long shelf = 0; shelf < SHELVES; shelf++) {
            int books = random.nextInt(25);
            for (long i = 1; i <= books; i++) {
                long book = shelf * 1_000 + i;
                String color = COLORS[random.nextInt(COLORS.length)];
                batch.put(new Book(shelf, book, color, "book " + book, random.nextInt(6) == 0 ? past : null));
                for (long note = 1; note <= random.nextInt(3); note++) {
                    batch.put(new Note(shelf, book, note, COLORS[random.nextInt(COLORS.length)], "note " + note));
                }
            }
        }
        sync.batchWrite(batch.build());
    }

    /** A query's shape, order, types, filter and form, decoded from the generated numbers. */
    record QueryCase(int shape, int limit, int variant) {
        ItemQuery query() {
            long shelf = (shape / 4) % SHELVES;
            ItemQuery.Builder q = ItemQuery.builder().limit(limit);
            switch (shape % 4) {
                case 0 -> q.subtree(KeyPath.of("shelf", shelf));
                case 1 -> q.subtree(KeyPath.of("shelf", shelf).then("book"));
                case 2 -> {
                    long from = shelf * 1_000 + (shape / 16) % 4 * 5;
                    q.between(KeyPath.of("shelf", shelf).then("book", from), KeyPath.of("shelf", shelf).then("book",
                            from + 12));
                }
                default -> q.index("byColor").subtree(KeyPath.of("color", COLORS[(shape / 16) % 3]));
            }
            q.descending(variant % 2 == 1);
            switch ((variant / 2) % 3) {
                case 1 -> q.types(Book.class);
                case 2 -> q.types(Note.class);
                default -> { }
            }
            if ((variant / 6) % 2 == 1) {
                q.filter(Condition.attributeEquals("color", COLORS[shape % 3]));
            }
            return q.build();
        }

        /** 0: every item; 1: books; 2: book titles. */
        int form() {
            return (variant / 12) % 3;
        }
    }

    /** A scan's page size, types, filter, segment and form, decoded from the generated numbers. */
    record ScanCase(int limit, int variant) {
        ItemScan scan() {
            ItemScan.Builder s = ItemScan.builder().limit(limit);
            switch (variant % 3) {
                case 1 -> s.types(Book.class);
                case 2 -> s.types(Note.class);
                default -> { }
            }
            if ((variant / 3) % 2 == 1) {
                s.filter(Condition.attributeEquals("color", COLORS[variant % 3]));
            }
            int segments = 1 + (variant / 6) % 3;
            return s.build().split(segments).get((variant / 18) % segments);
        }

        /** 0: every item; 1: book titles. */
        int form() {
            return (variant / 54) % 2;
        }
    }

    @Test
    void aQueryPublishesWhatTheSyncStreamGivesHoweverTheSubscriberAsks() {
        qt().withExamples(60).withShrinkCycles(10)
                .forAll(integers().between(0, 63), integers().between(0, 7), integers().between(0, 35),
                        lists().of(integers().between(1, 9)).ofSizeBetween(0, 4))
                .checkAssert((shape, limit, variant, chunks) -> {
                    QueryCase c = new QueryCase(shape, limit, variant);
                    ItemQuery q = c.query();
                    switch (c.form()) {
                        case 1 -> same(c, () -> sync.stream(Book.class, q), async.publish(Book.class, q), chunks);
                        case 2 -> same(c, () -> sync.stream(TITLES, q), async.publish(TITLES, q), chunks);
                        default -> same(c, () -> sync.stream(q), async.publish(q), chunks);
                    }
                });
    }

    @Test
    void aScanPublishesWhatTheSyncStreamGivesHoweverTheSubscriberAsks() {
        qt().withExamples(25).withShrinkCycles(10)
                .forAll(integers().between(0, 7), integers().between(0, 107),
                        lists().of(integers().between(1, 9)).ofSizeBetween(0, 4))
                .checkAssert((limit, variant, chunks) -> {
                    ScanCase c = new ScanCase(limit, variant);
                    ItemScan s = c.scan();
                    if (c.form() == 1) {
                        same(c, () -> sync.stream(TITLES, s), async.publish(TITLES, s), chunks);
                    } else {
                        same(c, () -> sync.stream(s), async.publish(s), chunks);
                    }
                });
    }

    /** Asserts that the publisher, asked for {@code chunks} in turn (none: everything), gives what the stream does. */
    private static <T> void same(Object read, Supplier<Stream<T>> stream, Flow.Publisher<T> publisher,
                                 List<Integer> chunks) {
        Outcome<T> streamed = Outcome.of(stream);
        Outcome<T> published = published(publisher, chunks);
        assertThat(published.items()).as("%s asked for %s (published: %s, streamed: %s)", read, chunks,
                published.failure(), streamed.failure()).isEqualTo(streamed.items());
        if (streamed.failure() == null) {
            assertThat(published.failure()).as("%s asked for %s", read, chunks).isNull();
        } else {
            streamed.assertSameAs(published);
        }
    }

    private static <T> Outcome<T> published(Flow.Publisher<T> publisher, List<Integer> chunks) {
        Recorder<T> r = Recorder.<T>recording().subscribeTo(publisher);
        if (chunks.isEmpty()) {
            r.request(Long.MAX_VALUE);
        } else {
            List<Integer> asked = new ArrayList<>(chunks);
            long total = 0;
            for (int i = 0; !r.ended(); i++) {
                int chunk = asked.get(i % asked.size());
                total += chunk;
                r.request(chunk);
                r.awaitItemsOrEnd((int) total);
                assertThat(r.items().size()).as("items handed over for a demand of %d", total)
                        .isLessThanOrEqualTo((int) total);
            }
        }
        Throwable failure = r.awaitEnd();
        return new Outcome<>(r.items(), failure);
    }
}
