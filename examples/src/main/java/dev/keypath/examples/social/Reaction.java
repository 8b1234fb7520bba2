package dev.keypath.examples.social;

import dev.keypath.dynamodb.annotation.ItemType;
import java.util.UUID;

/** A reaction to a comment, {@code /user-<uuid>/post-<n>/comment-<ts>/react-<n>}. */
@ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{postedAt}/react-{reactionId}")
public record Reaction(UUID userId, long postId, long postedAt, long reactionId, UUID authorId, String emoji) {}
