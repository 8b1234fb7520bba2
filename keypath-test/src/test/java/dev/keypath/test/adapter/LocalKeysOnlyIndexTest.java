package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A local index that holds keys only: its page of keys asks for the table's partition key once (a local index
 * shares it), and the items are then read by key, in the index's order.
 */
@KeyPathDynamoDb(types = LocalKeysOnlyIndexTest.Payment.class)
class LocalKeysOnlyIndexTest {
    @Injected
    private static KeyPathTable table;

    @ItemType(keyPath = "/account-{account}/payment-{paymentId}")
    @SecondaryKeyPath(index = "byCents", keyPath = "/account-{account}/cents-{cents}", local = true,
            projection = IndexProjection.KEYS_ONLY)
    record Payment(String account, long paymentId, long cents) {
    }

    @Test
    void aKeysOnlyLocalIndexIsQueriedInItsOrder() {
        String account = "a" + UUID.randomUUID();
        for (long id = 1; id <= 5; id++) {
            table.put(new Payment(account, id, 100 - id));
        }
        KeyPath parent = KeyPath.of("account", account);
        assertThat(table.stream(Payment.class, ItemQuery.of(q -> q.subtree(parent).index("byCents").limit(2)))
                .map(Payment::paymentId).toList()).containsExactly(5L, 4L, 3L, 2L, 1L);
        assertThat(table.queryKeys(ItemQuery.of(q -> q.subtree(parent).index("byCents"))).items())
                .extracting(ItemKey::keyPath).containsExactlyElementsOf(List.of(parent.then("payment", 5),
                        parent.then("payment", 4), parent.then("payment", 3), parent.then("payment", 2),
                        parent.then("payment", 1)));
    }
}
