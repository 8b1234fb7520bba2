package dev.keypath.spring.evolution;

import dev.keypath.KeyPath;
import dev.keypath.spring.evolution.EvolvedApplication.Note;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.UUID;

/** The notes' repository: derived queries, whole and projected, and filtered on fields version 2 changed. */
public interface NoteRepository extends KeyPathRepository<Note, KeyPath> {
    /** A view of a note's body. */
    interface NoteBody {
        String getBody();

        long getId();
    }

    List<Note> findByBook(UUID book);

    List<NoteBody> findByBookOrderByIdDesc(UUID book);

    List<Note> findByBookAndBody(UUID book, String body);

    List<Note> findByBookAndPinnedFalse(UUID book);

    long countByBookAndBodyStartingWith(UUID book, String prefix);
}
