package dev.keypath.spring.slice;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.UUID;

public interface MemoRepository extends KeyPathRepository<Memo, KeyPath> {
    List<Memo> findByOwnerId(UUID ownerId);
}
