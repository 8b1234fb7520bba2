package dev.keypath.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.annotation.ItemType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.data.annotation.CreatedDate;

/** What Spring Data sees of an item type: the item is the only entity, every field a value. */
class KeyPathMappingContextTest {
    record Money(BigDecimal amount, String currency) {
    }

    @ItemType(keyPath = "/order-{id}")
    record Order(UUID id, KeyId customer, KeyPath parent, BigInteger big, BigDecimal total, Instant at, LocalDate day,
                 Duration took, URI link, byte[] blob, Money price, List<Money> history, Map<String, UUID> refs,
                 @CreatedDate Instant created) {
    }

    @Test
    void everyFieldIsAValueAndOnlyTheItemTypeIsAnEntity() {
        KeyPathMappingContext context = new KeyPathMappingContext();
        KeyPathPersistentEntity<?> order = context.getRequiredPersistentEntity(Order.class);
        order.doWithProperties((KeyPathPersistentProperty p) -> assertThat(p.isEntity()).as(p.getName()).isFalse());
        assertThat(context.getPersistentEntities()).extracting(e -> (Object) e.getType()).containsExactly(Order.class);
        assertThat(order.getPersistentProperty(CreatedDate.class)).isNotNull();
    }

    @Test
    void keypathsValueTypesAreSimpleToSpringData() {
        KeyPathPersistentEntity<?> order = new KeyPathMappingContext().getRequiredPersistentEntity(Order.class);
        for (String name : List.of("id", "customer", "parent", "big", "total", "at", "day", "took", "link", "blob",
                "refs")) {
            assertThat(order.getRequiredPersistentProperty(name).getPersistentEntityTypeInformation()).as(name)
                    .isEmpty();
        }
    }
}
