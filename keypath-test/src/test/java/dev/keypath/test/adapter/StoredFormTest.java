package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A put of a versioned or auto-id record returns the stored form without reading the item back through Jackson:
 * the record is rebuilt from its own values with the generated id and the new version.
 */
@KeyPathDynamoDb(types = StoredFormTest.Note.class)
class StoredFormTest {
    static final AtomicInteger READS = new AtomicInteger();

    /** Counts every time Jackson reads a {@link Note#body()}. */
    static final class CountingReads extends ValueDeserializer<String> {
        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) {
            READS.incrementAndGet();
            return p.getString();
        }
    }

    @ItemType(keyPath = "/board-{board}/note-{noteId}")
    record Note(UUID board, @AutoId(AutoId.Strategy.SEQUENCE) long noteId,
                @JsonDeserialize(using = CountingReads.class) String body, @Version Integer version) {
    }

    @Injected
    private static KeyPathTable table;

    @Test
    void putOfAVersionedAutoIdRecord_returnsTheStoredFormWithoutAJacksonRead() {
        UUID board = UUID.randomUUID();
        READS.set(0);
        Note first = table.put(new Note(board, 0, "first", null));
        Note second = table.put(new Note(board, 0, "second", null));
        Note updated = table.put(new Note(board, first.noteId(), "first, edited", first.version()));
        assertThat(READS).hasValue(0);

        assertThat(first).isEqualTo(new Note(board, first.noteId(), "first", 1));
        assertThat(second.noteId()).isGreaterThan(first.noteId());
        assertThat(updated.version()).isEqualTo(2);

        Note read = table.get(Note.class, KeyPath.of("board", board).then("note", first.noteId())).orElseThrow();
        assertThat(READS).hasValue(1);
        assertThat(read).isEqualTo(updated);
    }
}
