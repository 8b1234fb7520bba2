package dev.keypath.spring.sharded;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.Version;

/** A sensor's reading, its sensor's partition spread over 8 shards by the reading's number; versioned. */
@ItemType(keyPath = "/sensor-{sensorId}/reading-{seq}")
@Sharded(count = 8, by = "seq")
public record Reading(String sensorId, long seq, double value, @Version Long version) {
}
