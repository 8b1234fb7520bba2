package dev.keypath.examples.spring;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.UUID;

/**
 * A post at {@code /user-<uuid>/post-<n>}, numbered 1, 2, 3… per user, so key-path order is creation order.
 * Immutable.
 */
@ItemType(keyPath = "/user-{userId}/post-{postId}")
public record Post(UUID userId, @AutoId(AutoId.Strategy.SEQUENCE) long postId, String title, String body,
                   Instant createdAt, @Version Long version) {
}
