package dev.keypath.examples.spring;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import java.util.UUID;

/**
 * A user, stored at {@code /user-<uuid>}; everything the user writes lives under that path. Immutable.
 *
 * @param userId    generated on first save
 * @param name      display name
 * @param postCount number of posts, counted by an atomic ADD in the transaction that writes each post
 * @param version   optimistic-locking version
 */
@ItemType(keyPath = "/user-{userId}")
public record User(@AutoId(AutoId.Strategy.UUID_V4) UUID userId, String name, long postCount, @Version Long version) {
}
