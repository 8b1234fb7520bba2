package dev.keypath.spring.indexes;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import java.util.UUID;

/** An event of a user, also ordered by day in a local index of the user's partition. */
@ItemType(keyPath = "/user-{userId}/event-{eventId}")
@SecondaryKeyPath(index = "byDay", keyPath = "/user-{userId}/day-{day}", local = true)
public record Event(UUID userId, long eventId, long day, String title) {
}
