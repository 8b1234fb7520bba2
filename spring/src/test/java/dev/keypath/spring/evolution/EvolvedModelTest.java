package dev.keypath.spring.evolution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.evolution.EvolvedApplication.Note;
import dev.keypath.spring.evolution.NoteRepository.NoteBody;
import dev.keypath.spring.previousrelease.NoteV1;
import dev.keypath.test.TestDynamoDb;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A Spring application at version 2 of its note type reads notes the previous release wrote (version 1) through its
 * repository (by id and by derived query), through a projected query method, and saves them back with auditing and
 * the version check, at version 2, and updates them through the operations, which write them back at version 2
 * (upgrade on write); derived queries filtered on the renamed and the added field find them as they read; against
 * DynamoDB Local.
 */
@SpringBootTest(classes = EvolvedApplication.class, properties = "keypath.dynamodb.table-name=spring-evolution")
class EvolvedModelTest {
    static final Instant T1 = Instant.parse("2033-01-01T08:00:00Z");
    static final Instant T2 = Instant.parse("2033-01-02T08:00:00Z");

    @Autowired
    NoteRepository notes;
    @Autowired
    KeyPathTable table;
    @Autowired
    KeyPathDynamoOperations operations;

    @Test
    void notesOfThePreviousReleaseReadThroughRepositoriesProjectionsAndSaveBackAudited() {
        KeyPathTable previous = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(table.tableName()).register(NoteV1.class).build();
        UUID book = UUID.randomUUID();
        for (long id = 1; id <= 3; id++) {
            previous.put(new NoteV1(book, id, "text " + id, T1, T1, "grace", null));
        }
        KeyPath first = KeyPath.of("book", book).then("note", 1);
        Note read = notes.findById(first).orElseThrow();
        assertThat(read).isEqualTo(new Note(book, 1, "text 1", false, T1, T1, "grace", 1L));
        assertThat(notes.findByBook(book)).extracting(Note::body).containsExactly("text 1", "text 2", "text 3");
        List<NoteBody> bodies = notes.findByBookOrderByIdDesc(book);
        assertThat(bodies).extracting(NoteBody::getBody).containsExactly("text 3", "text 2", "text 1");

        EvolvedApplication.NOW.set(T2);
        Note saved = notes.save(new Note(book, 1, "edited", true, read.created(), read.modified(), read.author(),
                read.version()));
        assertThat(saved.modified()).isEqualTo(T2);
        assertThat(saved.created()).isEqualTo(T1);
        assertThat(saved.author()).isEqualTo("grace");
        assertThat(saved.version()).isEqualTo(2L);
        Map<String, AttributeValue> stored = TestDynamoDb.get().client().getItem(b -> b.tableName(table.tableName())
                .key(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(first.partitionKey())),
                        "sk", AttributeValue.fromB(SdkBytes.fromByteArray(first.sortKey()))))).item();
        assertThat(stored).containsEntry("_kp_v", AttributeValue.fromN("2")).containsEntry("body",
                AttributeValue.fromS("edited")).doesNotContainKey("text");
        assertThat(notes.findById(first)).contains(saved);
    }

    @Test
    void derivedQueriesFilteredOnARenamedOrAnAddedFieldFindNotesOfThePreviousRelease() {
        KeyPathTable previous = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(table.tableName()).register(NoteV1.class).build();
        UUID book = UUID.randomUUID();
        previous.put(new NoteV1(book, 1, "old text", T1, T1, "grace", null));
        previous.put(new NoteV1(book, 2, "other text", T1, T1, "grace", null));
        notes.save(new Note(book, 3, "old text", true, null, null, null, null));
        assertThat(notes.findByBookAndBody(book, "old text")).extracting(Note::id).containsExactly(1L, 3L);
        assertThat(notes.findByBookAndPinnedFalse(book)).extracting(Note::id).containsExactly(1L, 2L);
        assertThat(notes.countByBookAndBodyStartingWith(book, "o")).isEqualTo(3);
    }

    @Test
    void anUpdateThroughTheOperationsWritesANoteOfThePreviousReleaseBackAtVersionTwo() {
        KeyPathTable previous = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(table.tableName()).register(NoteV1.class).build();
        UUID book = UUID.randomUUID();
        previous.put(new NoteV1(book, 1, "old text", T1, T1, "grace", null));
        KeyPath path = KeyPath.of("book", book).then("note", 1);
        EvolvedApplication.NOW.set(T2);
        Note updated = operations.update(Note.class, path, UpdateSpec.of(u -> u.set("body", "new text")));
        assertThat(updated.body()).isEqualTo("new text");
        assertThat(updated.pinned()).isFalse();
        assertThat(updated.version()).isEqualTo(2L);
        Map<String, AttributeValue> stored = TestDynamoDb.get().client().getItem(b -> b.tableName(table.tableName())
                .key(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                        "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
        assertThat(stored).containsEntry("_kp_v", AttributeValue.fromN("2"))
                .containsEntry("body", AttributeValue.fromS("new text"))
                .containsEntry("pinned", AttributeValue.fromBool(false)).doesNotContainKey("text");
        assertThat(notes.findById(path)).contains(updated);
    }
}
