package dev.keypath.spring.hidden;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;

/** A visit that expires; versioned. */
@ItemType(keyPath = "/visit-{visitId}")
public record Visit(String visitId, String note, @TimeToLive Instant expiresAt, @Version Long version) {
}
