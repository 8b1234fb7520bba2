package dev.keypath.benchmarks;

import dev.keypath.dynamodb.annotation.ItemType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The social post of the adapter benchmarks as a keypath item: the key fields live only in {@code pk}/{@code sk},
 * the rest become native attributes. {@link SocialPostBean} is the same post for the Enhanced Client.
 *
 * @param author a nested record, stored as a map attribute
 */
@ItemType(keyPath = "/user-{userId}/post-{postId}", name = "Post")
public record SocialPost(UUID userId, long postId, String title, String body, List<String> tags, Instant createdAt,
                         int likes, BigDecimal score, Author author) {

    /** The post's author, a nested value. */
    public record Author(String name, String handle, boolean verified) {
    }

    static final UUID USER = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");

    /** The post every mapper benchmark maps. */
    static SocialPost sample() {
        return sample(USER, 1234);
    }

    static SocialPost sample(UUID userId, long postId) {
        return new SocialPost(userId, postId, "Order-preserving keys",
                "Binary key paths keep DynamoDB's sort order equal to the path order, so one query reads a subtree.",
                List.of("dynamodb", "keys", "java"), Instant.parse("2025-03-14T15:09:26.535Z"), 42,
                new BigDecimal("4.75"), new Author("Ada", "@ada", true));
    }
}
