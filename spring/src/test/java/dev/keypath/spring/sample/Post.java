package dev.keypath.spring.sample;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import java.util.UUID;

@ItemType(keyPath = "/user-{userId}/post-{postId}")
@SecondaryKeyPath(index = "gsi1", keyPath = "/tag-{tag}/post-{postId}")
public record Post(UUID userId, @AutoId(AutoId.Strategy.SEQUENCE) long postId, String title, String tag,
                   boolean draft, Stats stats, @Version Long version) {
    public static Post of(UUID userId, long postId, String title, String tag) {
        return new Post(userId, postId, title, tag, false, new Stats(0), null);
    }

    /** A nested value, for filters on document paths. */
    public record Stats(int likes) {
    }
}
