package com.example.orders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.spring.test.KeyPathDynamoTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The repository alone, on DynamoDB Local in the test's JVM (the @KeyPathDynamoTest slice). */
@KeyPathDynamoTest
class OrderRepositorySliceTest {
    @Autowired
    OrderRepository orders;

    @Test
    void findsTheOrdersOfACustomer() {
        Order saved = orders.save(new Order("c-2", 0, "pen", null));
        assertThat(orders.findByCustomerId("c-2")).containsExactly(saved);
    }
}
