package dev.keypath.spring.indexes;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import java.util.UUID;

/** An account with a unique e-mail. */
@ItemType(keyPath = "/account-{accountId}")
@UniqueKeyPath("/email-{email}")
public record Account(UUID accountId, String email, String name, @Version Long version) {
}
