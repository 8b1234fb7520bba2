package com.example.orders;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;

/** The orders. */
public interface OrderRepository extends KeyPathRepository<Order, KeyPath> {
    List<Order> findByCustomerId(String customerId);
}
