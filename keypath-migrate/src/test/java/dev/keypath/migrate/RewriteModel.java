package dev.keypath.migrate;

import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Two versions of a counter item: version 2 renames {@code name} to {@code title} and adds {@code archived}. */
final class RewriteModel {
    private RewriteModel() {
    }

    @ItemType(keyPath = "/board-{board}/counter-{id}", name = "Counter")
    public record CounterV1(int board, long id, String name, long count) {
    }

    @ItemType(keyPath = "/board-{board}/counter-{id}", name = "Counter", version = 2)
    public record CounterV2(int board, long id, String title, long count, boolean archived) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "title")
                    .added("archived", AttributeValue.fromBool(false))));
        }
    }

    /** Another type in the same table, which a rewrite of counters leaves alone. */
    @ItemType(keyPath = "/board-{board}")
    public record Board(int board, String owner) {
    }
}
