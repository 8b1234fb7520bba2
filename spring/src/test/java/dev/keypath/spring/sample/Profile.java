package dev.keypath.spring.sample;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** An item with the kinds of values whose stored form a JSON setting could change. */
@ItemType(keyPath = "/tenant-{tenantId}/profile-{profileId}")
public record Profile(String tenantId, @AutoId(AutoId.Strategy.UUID_V4) UUID profileId, String displayName,
                      Instant createdAt, Address homeAddress, List<String> nickNames, Map<String, Integer> scoreByGame,
                      Long optionalCount, @Version Long version) {
    /** A nested value with a two-word property name. */
    public record Address(String streetName, int houseNumber) {
    }
}
