package dev.keypath.spring.sample;

import dev.keypath.dynamodb.annotation.ItemType;
import java.util.UUID;

/** String-keyed items: only closed ranges work on them. */
@ItemType(keyPath = "/user-{userId}/note-{name}")
public record Note(UUID userId, String name, String body) {
}
