package dev.keypath.spring.sample;

import dev.keypath.KeyPath;
import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.repository.KeyPathQuery;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.Param;
import org.springframework.data.util.Streamable;

public interface EntryRepository extends KeyPathRepository<Entry, KeyPath> {
    @KeyPathQuery(value = "/author-{author}/entry", order = Sort.Direction.DESC)
    List<Entry> newestFirst(String author);

    @KeyPathQuery(from = "/author-{author}/entry-{first}", to = "/author-{author}/entry-{last}")
    Slice<Entry> between(@Param("author") String writer, long first, long last, Pageable page);

    @KeyPathQuery(value = "/topic-{topic}/entry", index = "gsi1", filter = "#draft = :draft")
    List<Entry> onTopic(String topic, boolean draft);

    @KeyPathQuery("/author-{author}/entry-{entryId}")
    ItemCollection thread(String author, long entryId);

    @KeyPathQuery("/author-{author}/entry")
    long countEntries(String author);

    @KeyPathQuery(value = "/author-{author}/entry", filter = "begins_with(#title, :prefix)")
    Page<Entry> titled(String author, String prefix, Pageable page);

    @KeyPathQuery("/author-{author}/entry")
    Streamable<Entry> allOf(String author);

    Page<Entry> findByAuthor(String author, Pageable page);

    List<Entry> findByAuthor(String author, Sort sort);

    Stream<Entry> streamByAuthor(String author);

    Streamable<Entry> readByAuthor(String author);

    long deleteByAuthor(String author);

    void deleteByAuthorAndEntryIdBetween(String author, long first, long last);
}
