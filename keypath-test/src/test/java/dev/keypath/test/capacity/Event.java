package dev.keypath.test.capacity;

import dev.keypath.dynamodb.annotation.ItemType;
import java.util.UUID;

/** An event of a feed: every event of one feed lies in the feed's partition. */
@ItemType(keyPath = "/feed-{feed}/event-{event}")
record Event(UUID feed, long event, String body) {
}
