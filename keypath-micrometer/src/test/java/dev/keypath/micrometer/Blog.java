package dev.keypath.micrometer;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import java.util.UUID;

/** The item types of these tests: users and their posts, posts also found by tag through an index. */
final class Blog {
    private Blog() {
    }

    static final Class<?>[] TYPES = {User.class, Post.class};

    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    @SecondaryKeyPath(index = "gsi1", keyPath = "/tag-{tag}/post-{postId}")
    record Post(UUID userId, long postId, String title, String tag) {
    }
}
