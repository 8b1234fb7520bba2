package dev.keypath.spring.sample;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.UUID;

public interface NoteRepository extends KeyPathRepository<Note, KeyPath> {
    List<Note> findByUserIdAndNameBetween(UUID userId, String from, String to);

    List<Note> findByUserIdOrderByNameDesc(UUID userId);
}
