package dev.keypath.spring.previousrelease;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.UUID;

/**
 * Version 1 of the note of {@code dev.keypath.spring.evolution.EvolvedApplication}, as the previous release declared
 * it; in a package of its own so that the application's scan of item types does not find it.
 *
 * @param book    the book
 * @param id      the note
 * @param text    its text (stored as {@code body} from version 2)
 * @param created when it was created
 * @param modified when it was last modified
 * @param author  who created it
 * @param version its version
 */
@ItemType(keyPath = "/book-{book}/note-{id}", name = "Note")
public record NoteV1(UUID book, long id, String text, Instant created, Instant modified, String author,
                     @Version Long version) {
}
