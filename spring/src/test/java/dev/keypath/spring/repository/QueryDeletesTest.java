package dev.keypath.spring.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.spring.sample.Book;
import dev.keypath.spring.sample.Comment;
import dev.keypath.spring.sample.Entry;
import dev.keypath.spring.sample.Post;
import dev.keypath.spring.sample.Reply;
import dev.keypath.spring.sample.User;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A derived delete takes the adapter's subtree deletion only when the collection it names can hold nothing but
 * the repository's items; the decision needs no request, so the client points nowhere.
 */
class QueryDeletesTest {
    private static DynamoDbClient client;
    private static KeyPathTable table;

    @BeforeAll
    static void table() {
        client = DynamoDbClient.builder().region(Region.US_EAST_1).endpointOverride(URI.create("http://127.0.0.1:9"))
                .credentialsProvider(AnonymousCredentialsProvider.create()).build();
        table = KeyPathTables.builder().client(client).tableName("unused")
                .register(User.class, Post.class, Comment.class, Entry.class, Reply.class, Book.class).build();
    }

    @AfterAll
    static void close() {
        client.close();
    }

    @Test
    void aCollectionOfOneTypeWithNothingBelowIsDeletedAsASubtree() {
        assertThat(QueryDeletes.holdsOnly(table, Book.class, KeyPath.parse("/shelf-s/book"))).isTrue();
    }

    @Test
    void aCollectionThatCanHoldOtherTypesIsDeletedItemByItem() {
        assertThat(QueryDeletes.holdsOnly(table, Entry.class, KeyPath.parse("/author-a/entry")))
                .as("replies are stored under entries").isFalse();
        assertThat(QueryDeletes.holdsOnly(table, Book.class, KeyPath.parse("/shelf-s/book-1")))
                .as("one book's subtree, not the collection").isFalse();
        assertThat(QueryDeletes.holdsOnly(table, Post.class, KeyPath.parse("/user-7/post")))
                .as("comments are stored under posts").isFalse();
    }
}
