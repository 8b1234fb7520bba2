package dev.keypath.spring.sharded;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Sharded;

/** A sensor's alert, unsharded itself; its index by state, where every open alert meets, is spread over 4 shards. */
@ItemType(keyPath = "/sensor-{sensorId}/alert-{seq}")
@SecondaryKeyPath(index = "byState", keyPath = "/state-{state}/alert-{seq}", sharded = @Sharded(count = 4, by = "seq"))
public record Alert(String sensorId, long seq, String state) {
}
