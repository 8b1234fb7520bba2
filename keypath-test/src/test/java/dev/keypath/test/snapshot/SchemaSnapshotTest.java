package dev.keypath.test.snapshot;

import static dev.keypath.dynamodb.SchemaChange.Kind.FIELD_ADDED;
import static dev.keypath.dynamodb.SchemaChange.Kind.FIELD_RETYPED;
import static dev.keypath.dynamodb.SchemaChange.Kind.TYPE_RENAMED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.ChangeDescription;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.TypeDescription;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Sharded;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * {@link SchemaSnapshot} over real item types, each record below being one version of the code: a missing
 * snapshot, regeneration on request, a failure naming each change, a key path change refused with a pointer to
 * keypath-migrate even behind a raised version, field and type changes accepted only with the declared change that
 * makes them, declared changes the snapshot does not show, unreadable snapshots.
 */
class SchemaSnapshotTest {
    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    record Post(UUID userId, long postId, String title, Instant createdAt) {
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    record PostWithBody(UUID userId, long postId, String title, String body, Instant createdAt) {
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    record PostWithNumberTitle(UUID userId, long postId, long title, Instant createdAt) {
    }

    @ItemType(name = "Post", keyPath = "/author-{userId}/post-{postId}")
    record PostUnderAuthor(UUID userId, long postId, String title, Instant createdAt) {
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    record PostWithTextId(UUID userId, String postId, String title, Instant createdAt) {
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    @SecondaryKeyPath(index = "byTitle", keyPath = "/title-{title}/post-{postId}")
    record PostByTitle(UUID userId, long postId, String title, Instant createdAt) {
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    @Sharded(count = 4, by = "postId")
    record PostInFourShards(UUID userId, long postId, String title, Instant createdAt) {
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    @Sharded(count = 16, by = "postId", formerCount = 4)
    record PostMovingToSixteenShards(UUID userId, long postId, String title, Instant createdAt) {
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    @SecondaryKeyPath(index = "byTitle", keyPath = "/title-{title}/post-{postId}",
            sharded = @Sharded(count = 8, random = true))
    record PostByTitleInShards(UUID userId, long postId, String title, Instant createdAt) {
    }

    @ItemType(name = "Article", keyPath = "/user-{userId}/post-{postId}")
    record Article(UUID userId, long postId, String title, Instant createdAt) {
    }

    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String handle) {
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}", version = 2)
    record PostWithHeading(UUID userId, long postId, String heading, Instant createdAt) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("title", "heading")));
        }
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}", version = 2)
    record PostWithHeadingAndBody(UUID userId, long postId, String heading, String body, Instant createdAt) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("title", "heading")));
        }
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}", version = 2)
    record PostRenamingWhatItNeverHad(UUID userId, long postId, String heading, Instant createdAt) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("subject", "heading")));
        }
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    record PostWithHeadingUndeclared(UUID userId, long postId, String heading, Instant createdAt) {
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    record PostWithoutTitle(UUID userId, long postId, Instant createdAt) {
    }

    @ItemType(name = "Post", keyPath = "/user-{userId}/post-{postId}")
    record PostWithLikes(UUID userId, long postId, String title, int likes, Instant createdAt) {
    }

    @TempDir
    Path dir;

    @AfterEach
    void clearUpdate() {
        System.clearProperty(SchemaSnapshot.UPDATE_PROPERTY);
    }

    private Path committed(Class<?>... types) throws IOException {
        Path file = dir.resolve("keypath-schema.json");
        Files.writeString(file, SchemaSnapshot.write(KeyPathTables.describe(types)));
        return file;
    }

    /** {@code table} with {@code type} at {@code version}, declaring {@code changes} for that version. */
    private static TableDescription withVersion(TableDescription table, String type, int version,
                                                ChangeDescription... changes) {
        List<ChangeDescription> history = new ArrayList<>();
        for (ChangeDescription c : changes) {
            history.add(new ChangeDescription(version, c.kind(), c.from(), c.to()));
        }
        return new TableDescription(table.types().stream().map(t -> !t.name().equals(type) ? t
                : new TypeDescription(t.name(), version, t.keyPath(), t.keyFields(), t.fields(), t.indexes(),
                        t.uniqueKeyPaths(), t.roles(), history)).toList());
    }

    private static ChangeDescription declared(dev.keypath.dynamodb.SchemaChange.Kind kind, List<String> from,
                                              List<String> to) {
        return new ChangeDescription(2, kind, from, to);
    }

    @Test
    void aMissingSnapshotFailsWithTheWayToWriteIt() {
        Path file = dir.resolve("none.json");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, Post.class))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("No schema snapshot at " + file.toAbsolutePath())
                .hasMessageContaining("-Dkeypath.snapshot.update=true");
        assertThat(file).doesNotExist();
    }

    @Test
    void theUpdatePropertyWritesTheSnapshotWhichThenMatches() throws IOException {
        Path file = dir.resolve("src/test/resources/keypath-schema.json");
        System.setProperty(SchemaSnapshot.UPDATE_PROPERTY, "true");
        SchemaSnapshot.assertMatches(file, Post.class, User.class);
        assertThat(Files.readString(file, StandardCharsets.UTF_8))
                .isEqualTo(SchemaSnapshot.write(KeyPathTables.describe(User.class, Post.class)));
        System.clearProperty(SchemaSnapshot.UPDATE_PROPERTY);
        SchemaSnapshot.assertMatches(file, User.class, Post.class);

        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostWithBody.class, User.class))
                .isInstanceOf(AssertionFailedError.class);
        System.setProperty(SchemaSnapshot.UPDATE_PROPERTY, "true");
        SchemaSnapshot.assertMatches(file, PostWithBody.class, User.class);
        System.clearProperty(SchemaSnapshot.UPDATE_PROPERTY);
        SchemaSnapshot.assertMatches(file, PostWithBody.class, User.class);
        assertThat(SchemaSnapshot.read(file)).isEqualTo(KeyPathTables.describe(PostWithBody.class, User.class));
        assertThat(SchemaSnapshot.update(KeyPathTables.describe(PostWithBody.class, User.class), file))
                .as("an equal snapshot is not written again").isFalse();
    }

    @Test
    void aFieldChangeFailsNamingTheChangeAndTheVersionToRaise() throws IOException {
        Path file = committed(Post.class, User.class);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostWithBody.class, User.class))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("type Post: field body added (string?) (a schema change that no declared "
                        + "change explains: declare it in the @SchemaHistory of Post for a version above 1)")
                .hasMessageContaining("-Dkeypath.snapshot.update=true")
                .satisfies(e -> {
                    AssertionFailedError f = (AssertionFailedError) e;
                    assertThat(f.getExpected().getStringRepresentation()).isEqualTo(Files.readString(file));
                    assertThat(f.getActual().getStringRepresentation()).contains("\"body\": \"string?\"");
                });
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostWithNumberTitle.class, User.class))
                .hasMessageContaining("type Post: field title retyped from string? to number");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, Post.class))
                .hasMessageContaining("type User removed (key path /user-{userId}): items stored under it would "
                        + "read as unreadable");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostByTitle.class, User.class))
                .hasMessageContaining("type Post: index byTitle added (global ALL /title-{title}/post-{postId})");
    }

    @Test
    void aFieldChangePassesOnlyWithTheDeclaredChangeThatMakesIt() throws IOException {
        Path file = committed(Post.class, User.class);
        TableDescription code = KeyPathTables.describe(PostWithBody.class, User.class);
        SchemaSnapshot.assertMatches(withVersion(code, "Post", 2, declared(FIELD_ADDED, List.of(), List.of("body"))),
                file);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(withVersion(code, "Post", 2), file))
                .as("a raised version alone explains nothing")
                .hasMessageContaining("type Post: field body added (string?) (a schema change that no declared "
                        + "change explains");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(withVersion(code, "Post", 2,
                declared(FIELD_RETYPED, List.of("title"), List.of("title"))), file))
                .as("a change of another field explains nothing of body")
                .hasMessageContaining("field body added");
        TableDescription numberTitle = KeyPathTables.describe(PostWithNumberTitle.class, User.class);
        SchemaSnapshot.assertMatches(withVersion(numberTitle, "Post", 2,
                declared(FIELD_RETYPED, List.of("title"), List.of("title"))), file);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(withVersion(numberTitle, "Post", 2,
                declared(FIELD_ADDED, List.of(), List.of("title"))), file))
                .as("an added field does not explain a retype")
                .hasMessageContaining("field title retyped from string? to number")
                .hasMessageContaining("Declared but not in the snapshot:\n  - type Post: declared version 2: "
                        + "FIELD_ADDED [] -> [title] adds field 'title', which the snapshot's version 1 already has");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(withVersion(code, "User", 2,
                declared(FIELD_ADDED, List.of(), List.of("body"))), file))
                .as("another type's declaration explains nothing of Post")
                .hasMessageContaining("field body added");
    }

    @Test
    void aRenameExplainsTheOldFieldRemovedAndTheNewOneAddedAndNothingElse() throws IOException {
        Path file = committed(Post.class, User.class);
        SchemaSnapshot.assertMatches(file, PostWithHeading.class, User.class);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostWithHeadingAndBody.class, User.class))
                .hasMessageContaining("type Post: field body added")
                .hasMessageContaining("Explained by a declared change:\n  - type Post: schema version raised from "
                        + "1 to 2\n  - type Post: field heading added (string?)\n  - type Post: field title removed");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostRenamingWhatItNeverHad.class, User.class))
                .hasMessageContaining("Declared but not in the snapshot:\n  - type Post: declared version 2: "
                        + "FIELD_RENAMED [subject] -> [heading] reads field 'subject', which the snapshot's version "
                        + "1 does not have")
                .hasMessageContaining("type Post: field title removed (was string?) (a schema change that no "
                        + "declared change explains");
    }

    @Test
    void aTypeRenameIsAcceptedOnlyWithItsDeclaration() throws IOException {
        Path file = committed(Post.class, User.class);
        TableDescription code = KeyPathTables.describe(Article.class, User.class);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(code, file))
                .hasMessageContaining("type Post renamed to Article (key path /user-{userId}/post-{postId}) (a "
                        + "schema change that no declared change explains: declare it in the @SchemaHistory of "
                        + "Article for a version above 1)");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(withVersion(code, "Article", 2), file))
                .hasMessageContaining("type Post renamed to Article");
        SchemaSnapshot.assertMatches(withVersion(code, "Article", 2,
                declared(TYPE_RENAMED, List.of("Post"), List.of("Article"))), file);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(withVersion(code, "Article", 2,
                declared(TYPE_RENAMED, List.of("Story"), List.of("Article"))), file))
                .hasMessageContaining("type Post renamed to Article")
                .hasMessageContaining("stores the type as 'Post' at version 1, not 'Story'");
    }

    @Test
    void aKeyPathChangeIsRefusedAsAKeyMigrationEvenBehindARaisedVersion() throws IOException {
        Path file = committed(Post.class, User.class);
        TableDescription moved = withVersion(KeyPathTables.describe(PostUnderAuthor.class, User.class), "Post", 2);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(moved, file))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("type Post: key path changed from /user-{userId}/post-{postId} to "
                        + "/author-{userId}/post-{postId}. A key path change is a key migration, not a schema "
                        + "change")
                .hasMessageContaining("keypath-migrate (docs/MIGRATING.md)")
                .hasMessageContaining("Explained by a declared change:\n  - type Post: schema version raised "
                        + "from 1 to 2");
        TableDescription retyped = withVersion(KeyPathTables.describe(PostWithTextId.class, User.class), "Post", 2);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(retyped, file))
                .hasMessageContaining("type Post: key field postId changed from number to string. A key field "
                        + "change is a key migration")
                .hasMessageContaining("keypath-migrate (docs/MIGRATING.md)");
    }

    @Test
    void aChangeOfShardsIsRefusedAsAKeyMigrationEvenBehindARaisedVersion() throws IOException {
        assertThat(KeyPathTables.describe(PostInFourShards.class).types().get(0).roles())
                .containsEntry("shards", "calculated(4, [postId])");
        assertThat(KeyPathTables.describe(PostByTitleInShards.class).types().get(0).roles())
                .containsEntry("shards.byTitle", "random(8)").doesNotContainKey("shards");
        Path file = committed(PostInFourShards.class, User.class);
        SchemaSnapshot.assertMatches(KeyPathTables.describe(PostInFourShards.class, User.class), file);
        TableDescription moving = withVersion(KeyPathTables.describe(PostMovingToSixteenShards.class, User.class),
                "Post", 2);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(moving, file))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("type Post: sharding shards changed from calculated(4, [postId]) to "
                        + "calculated(16, [postId]) from calculated(4, [postId]). Stored items stay in the shards")
                .hasMessageContaining("keypath migrate reshard (docs/HOT-PARTITIONS.md)");
        Path plain = committed(PostByTitle.class, User.class);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(KeyPathTables.describe(PostByTitleInShards.class,
                User.class), plain))
                .hasMessageContaining("type Post: sharding shards.byTitle added (random(8))");
    }

    @Test
    void theUpdateRefusesAnUndeclaredRenameNamingTheDeclarationThatMakesItLegal() throws IOException {
        Path file = committed(Post.class, User.class);
        String before = Files.readString(file);
        System.setProperty(SchemaSnapshot.UPDATE_PROPERTY, "true");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostWithHeadingUndeclared.class, User.class))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("Not written: ")
                .hasMessageContaining("type Post: field title removed (was string?)")
                .hasMessageContaining("field heading added (string?) with the same kind of value: if heading is "
                        + "title renamed, declare renamed(\"title\", \"heading\") in the @SchemaHistory of Post for "
                        + "version 2 (@ItemType(version = 2))")
                .hasMessageContaining("items stored before would read heading as null");
        assertThat(Files.readString(file)).as("nothing written").isEqualTo(before);
        SchemaSnapshot.assertMatches(file, PostWithHeading.class, User.class);
        assertThat(SchemaSnapshot.read(file)).isEqualTo(KeyPathTables.describe(PostWithHeading.class, User.class));
    }

    @Test
    void theUpdateRefusesEveryIncompatibleUndeclaredChangeNamingItsDeclaration() throws IOException {
        Path file = committed(Post.class, User.class);
        String before = Files.readString(file);
        System.setProperty(SchemaSnapshot.UPDATE_PROPERTY, "true");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostWithNumberTitle.class, User.class))
                .hasMessageContaining("type Post: field title retyped from string? to number")
                .hasMessageContaining("declare retyped(\"title\", upgrade) in the @SchemaHistory of Post for "
                        + "version 2");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostWithoutTitle.class, User.class))
                .hasMessageContaining("type Post: field title removed (was string?)")
                .hasMessageContaining("declare removed(\"title\")");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostWithLikes.class, User.class))
                .hasMessageContaining("type Post: field likes added (number)")
                .hasMessageContaining("declare added(\"likes\", defaultValue)");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, Article.class, User.class))
                .hasMessageContaining("type Post renamed to Article")
                .hasMessageContaining("declare typeRenamed(\"Post\", \"Article\") in the @SchemaHistory of "
                        + "Article for version 2");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(withVersion(KeyPathTables.describe(
                PostWithNumberTitle.class, User.class), "Post", 2), file))
                .as("a raised version alone declares nothing")
                .hasMessageContaining("declare retyped(\"title\", upgrade) in the @SchemaHistory of Post for "
                        + "version 2");
        assertThat(Files.readString(file)).as("nothing written").isEqualTo(before);

        Path newer = dir.resolve("newer.json");
        TableDescription atTwo = withVersion(KeyPathTables.describe(PostWithHeading.class, User.class), "Post", 2,
                declared(dev.keypath.dynamodb.SchemaChange.Kind.FIELD_RENAMED, List.of("title"), List.of("heading")));
        Files.writeString(newer, SchemaSnapshot.write(atTwo));
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(withVersion(atTwo, "Post", 1), newer))
                .hasMessageContaining("type Post: schema version lowered from 2 to 1")
                .hasMessageContaining("items stored at version 2 would be unreadable");
    }

    @Test
    void theUpdateRecordsCompatibleAndDeclaredChangesAndKeyMigrations() throws IOException {
        Path file = committed(Post.class, User.class);
        System.setProperty(SchemaSnapshot.UPDATE_PROPERTY, "true");
        SchemaSnapshot.assertMatches(file, PostWithBody.class, User.class);
        assertThat(SchemaSnapshot.read(file)).as("a nullable field added").isEqualTo(KeyPathTables.describe(
                PostWithBody.class, User.class));
        SchemaSnapshot.assertMatches(file, PostWithHeadingAndBody.class, User.class);
        assertThat(SchemaSnapshot.read(file)).as("a declared rename").isEqualTo(KeyPathTables.describe(
                PostWithHeadingAndBody.class, User.class));
        Path moved = committed(Post.class, User.class);
        SchemaSnapshot.assertMatches(moved, PostUnderAuthor.class, User.class);
        assertThat(SchemaSnapshot.read(moved)).as("a key migration, written again once the items moved")
                .isEqualTo(KeyPathTables.describe(PostUnderAuthor.class, User.class));
        SchemaSnapshot.assertMatches(moved, PostUnderAuthor.class, User.class, Article.class);
        assertThat(SchemaSnapshot.read(moved).type("Article")).as("a type added").isPresent();
    }

    @Test
    void theCheckSuggestsTheUpdateOnlyForWhatTheUpdateRecords() throws IOException {
        Path file = committed(Post.class, User.class);
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostWithHeadingUndeclared.class, User.class))
                .hasMessageContaining("declare renamed(\"title\", \"heading\")")
                .hasMessageNotContaining("-Dkeypath.snapshot.update=true");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, PostWithBody.class, User.class))
                .hasMessageContaining("-Dkeypath.snapshot.update=true");
    }

    @Test
    void anUnreadableSnapshotIsATypedErrorNamingTheFileAndTheProblem() throws IOException {
        Path file = dir.resolve("broken.json");
        Files.writeString(file, "{ \"snapshotFormat\": 1, \"types\": {");
        assertThatThrownBy(() -> SchemaSnapshot.assertMatches(file, Post.class))
                .isInstanceOf(InvalidSchemaSnapshotException.class)
                .hasMessageContaining("Schema snapshot " + file + " is not JSON");
        Files.writeString(file, "{ \"snapshotFormat\": 2, \"types\": {} }");
        assertThatThrownBy(() -> SchemaSnapshot.read(file))
                .isInstanceOf(InvalidSchemaSnapshotException.class)
                .hasMessageContaining("snapshotFormat is 2; this version of keypath-test reads format 1");
        String valid = SchemaSnapshot.write(KeyPathTables.describe(Post.class));
        Files.writeString(file, valid.replace("\"schemaVersion\": 1", "\"schemaVersion\": \"one\""));
        assertThatThrownBy(() -> SchemaSnapshot.read(file))
                .hasMessageContaining("type Post: schemaVersion is \"one\", not a whole number from 1");
        Files.writeString(file, valid.replace("\"projection\"", "\"p\"").replace("\"title\": \"string?\"",
                "\"title\": 7"));
        assertThatThrownBy(() -> SchemaSnapshot.read(file))
                .hasMessageContaining("type Post, fields title is 7, not a string");
        System.setProperty(SchemaSnapshot.UPDATE_PROPERTY, "true");
        SchemaSnapshot.assertMatches(file, Post.class);
        assertThat(SchemaSnapshot.read(file)).isEqualTo(KeyPathTables.describe(Post.class));
    }
}
