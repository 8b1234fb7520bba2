package dev.keypath.spring.sample;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.annotation.ItemType;

/** An unversioned balance: only the unit's read check protects it from lost updates. */
@ItemType(keyPath = "/wallet-{owner}")
public record Wallet(String owner, long balance) {
    public static KeyPath path(String owner) {
        return KeyPath.of("wallet", owner);
    }

    public Wallet plus(long amount) {
        return new Wallet(owner, balance + amount);
    }
}
