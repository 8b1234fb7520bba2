package dev.keypath.examples.social;

import dev.keypath.dynamodb.annotation.ItemType;
import java.time.Instant;
import java.util.UUID;

/** A user: the root of its own partition, {@code /user-<uuid>}. */
@ItemType(keyPath = "/user-{userId}")
public record User(UUID userId, String handle, String displayName, Instant joinedAt) {}
