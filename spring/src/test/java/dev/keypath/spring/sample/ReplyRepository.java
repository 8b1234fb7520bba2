package dev.keypath.spring.sample;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;

public interface ReplyRepository extends KeyPathRepository<Reply, KeyPath> {
    List<Reply> findByAuthorAndEntryId(String author, long entryId);
}
