package dev.keypath.spring.sample;

import dev.keypath.dynamodb.annotation.ItemType;
import java.util.UUID;

@ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{commentId}")
public record Comment(UUID userId, long postId, long commentId, String text) {
}
