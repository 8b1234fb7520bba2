package dev.keypath.spring.sample;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;

public interface BookRepository extends KeyPathRepository<Book, KeyPath> {
    int deleteByShelf(String shelf);

    List<Book> findByShelf(String shelf);
}
