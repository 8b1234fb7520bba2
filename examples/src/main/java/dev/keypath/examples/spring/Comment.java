package dev.keypath.examples.spring;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import java.time.Instant;
import java.util.UUID;

/** A comment at {@code /user-<uuid>/post-<n>/comment-<m>}, stored under its post. Immutable. */
@ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{commentId}")
public record Comment(UUID userId, long postId, @AutoId(AutoId.Strategy.SEQUENCE) long commentId, String author,
                      String text, Instant createdAt) {
}
