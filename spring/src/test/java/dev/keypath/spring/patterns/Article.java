package dev.keypath.spring.patterns;

import dev.keypath.dynamodb.annotation.ItemType;
import java.util.UUID;

/** An author's article. */
@ItemType(keyPath = "/author-{authorId}/article-{articleId}")
public record Article(UUID authorId, long articleId, String topic, String text) {
}
