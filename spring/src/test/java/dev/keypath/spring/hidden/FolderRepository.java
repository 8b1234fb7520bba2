package dev.keypath.spring.hidden;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.UUID;

public interface FolderRepository extends KeyPathRepository<Folder, KeyPath> {
    List<Folder> findByOwnerId(UUID ownerId);

    long countByOwnerId(UUID ownerId);

    boolean existsByOwnerId(UUID ownerId);
}
