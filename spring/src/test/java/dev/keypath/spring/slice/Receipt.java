package dev.keypath.spring.slice;

import dev.keypath.dynamodb.annotation.ItemType;
import java.time.Instant;
import java.util.UUID;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;

/** An audited item type of the slice's application. */
@ItemType(keyPath = "/receipt-{id}")
public record Receipt(UUID id, String text, @CreatedDate Instant created, @CreatedBy String createdBy) {
}
