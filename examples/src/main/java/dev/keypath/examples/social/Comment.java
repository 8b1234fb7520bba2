package dev.keypath.examples.social;

import dev.keypath.dynamodb.annotation.ItemType;
import java.util.UUID;

/**
 * A comment on a post, keyed by its epoch-second timestamp so a post's comments sort chronologically:
 * {@code /user-<uuid>/post-<n>/comment-<epochSeconds>}.
 */
@ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{postedAt}")
public record Comment(UUID userId, long postId, long postedAt, UUID authorId, String text) {}
