package dev.keypath.spring.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.spring.DefaultKeyPathDynamoOperations;
import dev.keypath.spring.sample.Comment;
import dev.keypath.spring.sample.Note;
import dev.keypath.spring.sample.Post;
import dev.keypath.spring.sample.User;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code scanAll}: a repository reads every item of its type in the table by a typed scan, sequential or in
 * parallel segments, each item once and no item of another type.
 */
class ScanAllTest {
    interface CommentRepository extends KeyPathRepository<Comment, KeyPath> {
    }

    private static KeyPathTable table;
    private static CommentRepository comments;
    private static final List<Comment> STORED = new ArrayList<>();

    @BeforeAll
    static void setUp() {
        table = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName("scan-all"))
                .register(User.class, Post.class, Comment.class, Note.class).build();
        table.bootstrap();
        comments = new KeyPathRepositoryFactory(new DefaultKeyPathDynamoOperations(table))
                .getRepository(CommentRepository.class);
        List<Object> items = new ArrayList<>();
        for (int u = 0; u < 20; u++) {
            UUID user = UUID.randomUUID();
            table.put(new User(user, "user " + u, null)); // versioned: not batchable
            items.add(new Note(user, "note", "body"));
            for (int c = 0; c < 15; c++) {
                Comment comment = new Comment(user, 1 + c % 3, c, "comment " + c);
                STORED.add(comment);
                items.add(comment);
            }
        }
        table.batchWrite(WriteBatch.builder().putAll(items).build());
    }

    @Test
    void aSequentialScanReadsEveryItemOfTheTypeOnce() {
        List<Comment> read = comments.scanAll(1).toList();
        assertThat(read).hasSize(STORED.size()).containsExactlyInAnyOrderElementsOf(STORED);
    }

    @Test
    void aParallelScanReadsEveryItemOfTheTypeOnce() {
        List<Comment> read = comments.scanAll(4).collect(Collectors.toList());
        assertThat(read).hasSize(STORED.size()).containsExactlyInAnyOrderElementsOf(STORED);
    }

    @Test
    void noSegmentsIsRefused() {
        assertThatThrownBy(() -> comments.scanAll(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("totalSegments");
    }
}
