package dev.keypath.migrate;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Before a run writes, the key paths the target already holds from this migration's earlier runs: a consistent
 * parallel scan of the target (within the read budget) claims every item that carries a {@link SourceMarker} for
 * its source item, so that a collision with an item written before a stop is found as one written in this run.
 * Items without the marker (written by the application) are not claimed: a run puts over them, as it always did.
 * A fresh migration's empty target costs one call per segment.
 */
final class TargetKeys {
    private TargetKeys() {
    }

    static void claim(Migration.Settings settings, WrittenKeys claimed, CapacityBudget reads, ProgressTicker ticker,
                      Timings timings) {
        Segments.scan(settings, "run", settings.target(), true, reads, ticker.reads, timings, page -> {
            for (Map<String, AttributeValue> item : page.items()) {
                if (item.containsKey(SourceMarker.ATTRIBUTE)) {
                    claimed.claim(item);
                }
                ticker.targetItems.increment();
            }
        });
    }
}
