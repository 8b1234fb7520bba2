package dev.keypath.spring.patterns;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import java.util.UUID;

/** An author, found by a unique e-mail too. */
@ItemType(keyPath = "/author-{authorId}")
@UniqueKeyPath("/authoremail-{email}")
public record Author(UUID authorId, String email, String name) {
}
