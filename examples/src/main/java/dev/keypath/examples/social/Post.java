package dev.keypath.examples.social;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A post of a user, {@code /user-<uuid>/post-<n>}: post ids are integers, so post 9 sorts before post 10. Its comments
 * and their reactions lie under it, between the user's posts; the local index {@code posts}, which only posts declare,
 * lists the posts without them.
 */
@ItemType(keyPath = "/user-{userId}/post-{postId}")
@SecondaryKeyPath(index = "posts", keyPath = "/user-{userId}/post-{postId}", local = true)
public record Post(UUID userId, long postId, String title, String body, List<String> tags, Instant createdAt) {}
