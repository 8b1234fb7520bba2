package com.example.orders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import org.junit.jupiter.api.Test;

/** A test of the orders on a fresh table of their own, without Spring (keypath-test). */
@KeyPathDynamoDb(types = Order.class)
class OrdersTableTest {
    @Injected
    KeyPathTable table;

    @Test
    void savesAnOrder() {
        Order saved = table.put(new Order("c-1", 0, "book", null));
        assertThat(table.get(Order.class, table.keyPathOf(saved))).contains(saved);
    }
}
