package dev.keypath.spring.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.spring.DefaultKeyPathDynamoOperations;
import dev.keypath.spring.patterns.Article;
import dev.keypath.spring.patterns.Author;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@link AccessPattern} is checked when the repository is created: a blank name, or a name on a read of one item
 * by its unique key path, fails naming the method. No request is sent, so the client points nowhere.
 */
class AccessPatternAnnotationTest {
    private static DynamoDbClient client;
    private static KeyPathRepositoryFactory factory;

    @BeforeAll
    static void factory() {
        client = DynamoDbClient.builder().region(Region.US_EAST_1).endpointOverride(URI.create("http://127.0.0.1:9"))
                .credentialsProvider(AnonymousCredentialsProvider.create()).build();
        KeyPathTable table = KeyPathTables.builder().client(client).tableName("unused")
                .register(Author.class, Article.class).build();
        factory = new KeyPathRepositoryFactory(new DefaultKeyPathDynamoOperations(table));
    }

    @AfterAll
    static void close() {
        client.close();
    }

    interface Blank extends KeyPathRepository<Article, KeyPath> {
        @AccessPattern(" ")
        List<Article> findByAuthorId(UUID authorId);
    }

    interface OnAlias extends KeyPathRepository<Author, KeyPath> {
        @AccessPattern("byEmail")
        Optional<Author> findByEmail(String email);
    }

    interface Named extends KeyPathRepository<Article, KeyPath> {
        @AccessPattern("articlesOfAuthor")
        List<Article> findByAuthorId(UUID authorId);
    }

    private static InvalidQueryMethodException rejection(Class<?> repository) {
        Throwable thrown = catchThrowable(() -> factory.getRepository(repository));
        Throwable cause = thrown;
        while (cause != null && !(cause instanceof InvalidQueryMethodException)) {
            cause = cause.getCause();
        }
        assertThat(cause).as("InvalidQueryMethodException in the cause chain of %s", thrown).isNotNull();
        return (InvalidQueryMethodException) cause;
    }

    @Test
    void aBlankNameIsRefused() {
        InvalidQueryMethodException e = rejection(Blank.class);
        assertThat(e.method()).isEqualTo("Blank.findByAuthorId");
        assertThat(e.reason()).contains("@AccessPattern needs a name").contains("Blank.findByAuthorId");
    }

    @Test
    void aNameOnAUniqueKeyPathReadIsRefused() {
        InvalidQueryMethodException e = rejection(OnAlias.class);
        assertThat(e.method()).isEqualTo("OnAlias.findByEmail");
        assertThat(e.reason()).contains("Author.getByAlias").contains("remove the annotation");
    }

    @Test
    void aNamedMethodIsAccepted() {
        assertThat(factory.getRepository(Named.class)).isNotNull();
    }
}
