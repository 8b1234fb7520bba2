package dev.keypath.spring.indexes;

import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.UUID;

/** A customer with a unique e-mail and the table's timestamps. */
@ItemType(keyPath = "/customer-{customerId}")
@UniqueKeyPath("/customeremail-{email}")
public record Customer(UUID customerId, String email, String name, @CreatedAt Instant createdAt,
                       @UpdatedAt Instant updatedAt, @Version Long version) {
    /** This customer renamed, everything else kept. */
    public Customer renamed(String newName) {
        return new Customer(customerId, email, newName, createdAt, updatedAt, version);
    }
}
