package dev.keypath.examples.social;

import dev.keypath.dynamodb.annotation.ItemType;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A post of a user, {@code /user-<uuid>/post-<n>}: post ids are integers, so post 9 sorts before post 10. */
@ItemType(keyPath = "/user-{userId}/post-{postId}")
public record Post(UUID userId, long postId, String title, String body, List<String> tags, Instant createdAt) {}
