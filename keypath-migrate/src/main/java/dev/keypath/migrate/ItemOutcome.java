package dev.keypath.migrate;

import dev.keypath.KeyPath;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What a mapping makes of one source item. */
sealed interface ItemOutcome {
    /** The source item's key as reports show it, e.g. {@code PK=USER#7 SK=POST#0042}. */
    String sourceKey();

    /** The item moves to {@code keyPath} as {@code item}. */
    record Mapped(EntityMapping entity, KeyPath keyPath, Map<String, AttributeValue> item, String sourceKey,
                  int sourceKeyBytes, int targetKeyBytes) implements ItemOutcome {
    }

    /** No entity's patterns match the item's keys. */
    record Unmatched(String sourceKey, String reason) implements ItemOutcome {
    }

    /** The keys have {@code entity}'s shape but the item cannot move, for {@code reason}. */
    record Invalid(EntityMapping entity, String sourceKey, String reason) implements ItemOutcome {
    }
}
