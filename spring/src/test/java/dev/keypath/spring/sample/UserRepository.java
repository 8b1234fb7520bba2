package dev.keypath.spring.sample;

import dev.keypath.KeyPath;
import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.UUID;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

public interface UserRepository extends KeyPathRepository<User, KeyPath> {
    ItemCollection findEverythingByUserId(UUID userId);

    List<Object> findAllItemsByUserId(UUID userId);

    Slice<Object> findItemsByUserId(UUID userId, Pageable pageable);
}
