package dev.keypath.spring.sample;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import java.util.UUID;

@ItemType(keyPath = "/user-{userId}")
public record User(UUID userId, String name, @Version Long version) {
    public static User of(UUID id, String name) {
        return new User(id, name, null);
    }
}
