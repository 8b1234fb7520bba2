package dev.keypath.spring.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.spring.KeyPathTransactions;
import dev.keypath.spring.repository.KeyPathPageRequest;
import java.util.List;
import java.util.UUID;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.util.Streamable;

/**
 * Declared key-path queries, pages with a total, sorting by the ordering variable, derived deletes and lazily
 * paged streams, on DynamoDB Local through the repositories.
 */
@SpringBootTest(classes = TestApplication.class)
class QueryMethodsTest {
    @Autowired
    EntryRepository entries;
    @Autowired
    ReplyRepository replies;
    @Autowired
    BookRepository books;
    @Autowired
    KeyPathTransactions tx;

    /** Seven entries 1..7 of a fresh author, odd ones drafts, on a fresh topic; a reply under entry 2. */
    private String author(String topic) {
        String author = UUID.randomUUID().toString();
        for (long id = 1; id <= 7; id++) {
            entries.save(new Entry(author, id, topic, (id <= 3 ? "intro " : "part ") + id, id % 2 == 1));
        }
        replies.save(new Reply(author, 2, 1, "nice"));
        return author;
    }

    private static List<Long> ids(Iterable<Entry> items) {
        return Streamable.of(items).map(Entry::entryId).toList();
    }

    @Test
    void declaredSubtreeRangeIndexAndFilterQueries() {
        String topic = UUID.randomUUID().toString();
        String author = author(topic);
        assertThat(ids(entries.newestFirst(author))).containsExactly(7L, 6L, 5L, 4L, 3L, 2L, 1L);

        Slice<Entry> first = entries.between(author, 2, 6, KeyPathPageRequest.ofSize(3));
        assertThat(ids(first)).containsExactly(2L, 3L, 4L);
        Slice<Entry> second = entries.between(author, 2, 6, first.nextPageable());
        assertThat(ids(second)).containsExactly(5L, 6L);
        assertThat(second.hasNext()).isFalse();
        assertThat(ids(entries.between(author, 2, 6, KeyPathPageRequest.ofSize(10)
                .withSort(Sort.by("entryId").descending())))).containsExactly(6L, 5L, 4L, 3L, 2L);
        assertThat(entries.between(author, 6, 2, Pageable.unpaged())).isEmpty();

        assertThat(ids(entries.onTopic(topic, true))).containsExactly(1L, 3L, 5L, 7L);
        assertThat(ids(entries.onTopic(topic, false))).containsExactly(2L, 4L, 6L);
        assertThat(entries.thread(author, 2).items()).hasSize(2).last().isInstanceOf(Reply.class);
        assertThat(entries.countEntries(author)).isEqualTo(7);
    }

    @Test
    void aPageCarriesTheTotalCountedByDynamoDb() {
        String author = author(UUID.randomUUID().toString());
        Page<Entry> first = entries.findByAuthor(author, PageRequest.of(0, 3));
        assertThat(ids(first)).containsExactly(1L, 2L, 3L);
        assertThat(first.getTotalElements()).isEqualTo(7);
        assertThat(first.getTotalPages()).isEqualTo(3);
        assertThat(first.hasNext()).isTrue();
        Page<Entry> second = entries.findByAuthor(author, first.nextPageable());
        Page<Entry> third = entries.findByAuthor(author, second.nextPageable());
        assertThat(ids(second)).containsExactly(4L, 5L, 6L);
        assertThat(ids(third)).containsExactly(7L);
        assertThat(third.isLast()).isTrue();
        assertThat(third.getTotalElements()).isEqualTo(7);

        Page<Entry> intros = entries.titled(author, "intro", KeyPathPageRequest.ofSize(2));
        assertThat(ids(intros)).containsExactly(1L, 2L);
        assertThat(intros.getTotalElements()).as("the total counts what the filter keeps").isEqualTo(3);
        assertThatThrownBy(() -> entries.findByAuthor(author, PageRequest.of(2, 3)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("by token");
    }

    @Test
    void sortsOnlyByTheOrderingVariable() {
        String author = author(UUID.randomUUID().toString());
        assertThat(ids(entries.findByAuthor(author, Sort.by("entryId").descending())))
                .containsExactly(7L, 6L, 5L, 4L, 3L, 2L, 1L);
        assertThat(ids(entries.findByAuthor(author, Sort.unsorted()))).startsWith(1L, 2L);
        assertThatThrownBy(() -> entries.findByAuthor(author, Sort.by("title")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("EntryRepository.findByAuthor").hasMessageContaining("cannot sort by title")
                .hasMessageContaining("only 'entryId'");
    }

    @Test
    void derivedDeletesReturnTheCountAndLeaveOtherTypesAlone() {
        String author = author(UUID.randomUUID().toString());
        entries.deleteByAuthorAndEntryIdBetween(author, 6, 7);
        assertThat(ids(entries.findByAuthor(author, Sort.unsorted()))).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(entries.deleteByAuthor(author)).isEqualTo(5);
        assertThat(entries.countEntries(author)).isZero();
        assertThat(replies.findByAuthorAndEntryId(author, 2)).as("replies are not entries").hasSize(1);

        String shelf = UUID.randomUUID().toString();
        LongStream.rangeClosed(1, 60).forEach(id -> books.save(new Book(shelf, id, "b" + id)));
        assertThat(books.deleteByShelf(shelf)).isEqualTo(60);
        assertThat(books.findByShelf(shelf)).isEmpty();
    }

    @Test
    void aDerivedDeleteInsideAUnitCommitsOrRollsBackWithIt() {
        String author = author(UUID.randomUUID().toString());
        assertThatThrownBy(() -> tx.run(ops -> {
            entries.deleteByAuthorAndEntryIdBetween(author, 1, 3);
            throw new IllegalStateException("changed my mind");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(entries.countEntries(author)).isEqualTo(7);

        List<Object> written = tx.run(ops -> entries.deleteByAuthorAndEntryIdBetween(author, 1, 3));
        assertThat(written).hasSize(3);
        assertThat(ids(entries.findByAuthor(author, Sort.unsorted()))).containsExactly(4L, 5L, 6L, 7L);
    }

    @Test
    void streamsAndStreamablesReadWhenConsumed() {
        String author = author(UUID.randomUUID().toString());
        Stream<Entry> stream = entries.streamByAuthor(author);
        Streamable<Entry> derived = entries.readByAuthor(author);
        Streamable<Entry> declared = entries.allOf(author);
        entries.save(new Entry(author, 8, "t", "late", false));

        assertThat(stream.map(Entry::entryId).toList()).as("read when consumed").endsWith(8L).hasSize(8);
        assertThat(ids(derived)).hasSize(8);
        entries.save(new Entry(author, 9, "t", "later", false));
        assertThat(ids(declared)).as("each iteration runs the query").hasSize(9);
        assertThat(ids(declared)).hasSize(9);
        assertThat(entries.findById(KeyPath.of("author", author).then("entry", 9))).isPresent();
    }
}
