package dev.keypath.spring.slice;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import java.util.UUID;

@ItemType(keyPath = "/owner-{ownerId}/memo-{memoId}")
public record Memo(UUID ownerId, @AutoId(AutoId.Strategy.SEQUENCE) long memoId, String text) {
}
