package dev.keypath.migrate;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.UUID;

/**
 * One stored type, {@code Event} under {@code /day-{day}/event-{eventId}}, as four deployments declare it: at 4
 * shards, moving from 4 to 16, at 16, and moving from 16 back to 4. Each carries a version, timestamps, a unique key
 * path and an expiry, which a move must keep as stored.
 */
final class ReshardModel {
    private ReshardModel() {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}", name = "Event")
    @Sharded(count = 4, by = "eventId")
    @UniqueKeyPath("/eventcode-{code}")
    public record At4(String day, long eventId, String code, long count, String note, @Version Long version,
                      @CreatedAt Instant created, @UpdatedAt Instant updated, @TimeToLive Instant expires) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}", name = "Event")
    @Sharded(count = 16, by = "eventId", formerCount = 4)
    @UniqueKeyPath("/eventcode-{code}")
    public record From4To16(String day, long eventId, String code, long count, String note, @Version Long version,
                            @CreatedAt Instant created, @UpdatedAt Instant updated, @TimeToLive Instant expires) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}", name = "Event")
    @Sharded(count = 16, by = "eventId")
    @UniqueKeyPath("/eventcode-{code}")
    public record At16(String day, long eventId, String code, long count, String note, @Version Long version,
                       @CreatedAt Instant created, @UpdatedAt Instant updated, @TimeToLive Instant expires) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}", name = "Event")
    @Sharded(count = 4, by = "eventId", formerCount = 16)
    @UniqueKeyPath("/eventcode-{code}")
    public record From16To4(String day, long eventId, String code, long count, String note, @Version Long version,
                            @CreatedAt Instant created, @UpdatedAt Instant updated, @TimeToLive Instant expires) {
    }

    /** Append-only visits in random shards, each with an id generated at its put, at 8 and moving from 8 to 2. */
    @ItemType(keyPath = "/site-{site}/visit-{visitId}", name = "Visit")
    @Sharded(count = 8, random = true)
    public record VisitAt8(String site, @AutoId(AutoId.Strategy.UUID_V7) UUID visitId) {
    }

    @ItemType(keyPath = "/site-{site}/visit-{visitId}", name = "Visit")
    @Sharded(count = 2, random = true, formerCount = 8)
    public record VisitFrom8To2(String site, @AutoId(AutoId.Strategy.UUID_V7) UUID visitId) {
    }

    /** Readings at 3 shards, and moving to 5: counts neither of which divides the other. */
    @ItemType(keyPath = "/sensor-{sensor}/reading-{seq}", name = "Reading")
    @Sharded(count = 3, by = "seq")
    public record ReadingAt3(String sensor, long seq) {
    }

    @ItemType(keyPath = "/sensor-{sensor}/reading-{seq}", name = "Reading")
    @Sharded(count = 5, by = "seq", formerCount = 3)
    public record ReadingFrom3To5(String sensor, long seq) {
    }

    @ItemType(keyPath = "/sensor-{sensor}/reading-{seq}", name = "Reading")
    @Sharded(count = 3, by = "seq", formerCount = 5)
    public record ReadingFrom5To3(String sensor, long seq) {
    }
}
