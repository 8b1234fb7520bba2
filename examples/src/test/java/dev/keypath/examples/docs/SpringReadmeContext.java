package dev.keypath.examples.docs;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.UUID;

/** What spring/README.md's snippets presume: the post of the main README, its title view, the starter's order. */
@SuppressWarnings("unused")
class SpringReadmeContext {
    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    record Post(UUID userId, @AutoId(AutoId.Strategy.SEQUENCE) long postId, String title, @Version Long version) {
    }

    record PostTitle(String title) {
    }

    @ItemType(keyPath = "/customer-{customerId}/order-{orderId}")
    record Order(String customerId, @AutoId(AutoId.Strategy.SEQUENCE) long orderId, String item,
                 @Version Long version) {
    }

    interface OrderRepository extends KeyPathRepository<Order, KeyPath> {
        List<Order> findByCustomerId(String customerId);
    }

    /** The application whose {@code main} a TestApplication starts. */
    static class OrdersApplication {
        public static void main(String[] args) {
        }
    }
}
