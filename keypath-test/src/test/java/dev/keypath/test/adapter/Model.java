package dev.keypath.test.adapter;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.Version;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Item types used by the tests: a small social app plus edge cases. */
final class Model {
    private Model() {
    }

    static final Class<?>[] ALL = {User.class, Post.class, Comment.class, StringPost.class, Session.class,
        Counter.class, Shard.class, Note.class, BytesPost.class};

    enum Status { DRAFT, PUBLISHED }

    enum Zone { EU, US }

    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name, String email, Instant createdAt, @Version Long version) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    @SecondaryKeyPath(index = "gsi1", keyPath = "/tag-{tag}/post-{postId}")
    record Post(UUID userId, @AutoId(AutoId.Strategy.SEQUENCE) long postId, String title, String tag,
                List<String> labels, Map<String, Object> meta, BigDecimal score, Instant publishedAt,
                byte[] attachment, boolean draft, Status status, Address address) {
        static Post of(UUID userId, long postId, String title, String tag) {
            return new Post(userId, postId, title, tag, List.of("a", "b"), Map.of("views", 3, "nested", Map.of("ok", true)),
                    new BigDecimal("12.50"), Instant.parse("2025-01-02T03:04:05Z"), new byte[] {1, 2, 3}, false,
                    Status.PUBLISHED, new Address("Main St", 12));
        }
    }

    record Address(String street, int number) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{commentId}")
    record Comment(UUID userId, long postId, long commentId, String text) {
    }

    /** Same position as Post's id, but a string id: exercises exact range filtering. */
    @ItemType(keyPath = "/user-{userId}/post-{slug}", name = "StringPost")
    record StringPost(UUID userId, String slug, String title) {
    }

    /** Same position again, with a bytes id that can share its segment bytes with an integer id. */
    @ItemType(keyPath = "/user-{userId}/post-{raw}", name = "BytesPost")
    record BytesPost(UUID userId, byte[] raw, String title) {
    }

    @ItemType(keyPath = "/session-{sessionId}")
    record Session(@AutoId(AutoId.Strategy.UUID_V7) UUID sessionId, String owner, @TimeToLive Instant expiresAt) {
    }

    /** A mutable class (not a record) with a primitive version. */
    @ItemType(keyPath = "/counter-{name}")
    static final class Counter {
        public String name;
        public long value;
        @Version
        public long version;

        Counter() {
        }

        Counter(String name, long value) {
            this.name = name;
            this.value = value;
        }
    }

    @ItemType(keyPath = "/zone-{zone}/shard-{shard}/blob-{blobId}")
    record Shard(Zone zone, int shard, byte[] blobId, String data) {
    }

    @ItemType(keyPath = "/note-{noteId}")
    record Note(@AutoId(AutoId.Strategy.UUID_V4) UUID noteId, String text) {
    }
}
