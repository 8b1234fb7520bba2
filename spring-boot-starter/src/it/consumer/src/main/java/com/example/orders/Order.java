package com.example.orders;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;

/** An order of a customer. */
@ItemType(keyPath = "/customer-{customerId}/order-{orderId}")
public record Order(String customerId, @AutoId(AutoId.Strategy.SEQUENCE) long orderId, String item,
                    @Version Long version) {
}
