package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.ShardDeclarationException;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import org.junit.jupiter.api.Test;

/** A shard declaration that cannot be used is refused when its type is registered, naming the class and why. */
class ShardDeclarationTest {
    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 0, by = "eventId")
    record NoShards(String day, long eventId) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 65_537, by = "eventId")
    record TooMany(String day, long eventId) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = "eventID")
    record UnknownId(String day, long eventId) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = "day")
    record PartitionIdOnly(String day, long eventId) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = {"eventId", "eventId"})
    record Twice(String day, long eventId) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4)
    record Neither(String day, long eventId) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = "eventId", random = true)
    record Both(String day, long eventId) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, random = true)
    record RandomVersioned(String day, long eventId, @Version Long version) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, random = true)
    @UniqueKeyPath("/code-{code}")
    record RandomUnique(String day, long eventId, String code) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, random = true)
    record RandomSequence(String day, @AutoId(AutoId.Strategy.SEQUENCE) long eventId) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 65_536, by = {"day", "eventId"})
    record Fine(String day, long eventId) {
    }

    private static void refused(Class<?> type, String... fragments) {
        assertThatThrownBy(() -> ItemSchemas.of(type)).isInstanceOf(ShardDeclarationException.class)
                .hasMessageContaining(type.getName()).hasMessageContainingAll(fragments);
    }

    @Test
    void badDeclarationsAreRefusedAtRegistration() {
        refused(NoShards.class, "1 to 65536, not 0");
        refused(TooMany.class, "not 65537");
        refused(UnknownId.class, "'eventID' is not a variable", "[day, eventId]");
        refused(PartitionIdOnly.class, "first element", "below the first element");
        refused(Twice.class, "named twice");
        refused(Neither.class, "by = ", "random = true");
        refused(Both.class, "random shard is calculated from no ids");
        refused(RandomVersioned.class, "@Version");
        refused(RandomUnique.class, "@UniqueKeyPath");
        refused(RandomSequence.class, "sequence id");
        assertThat(ItemSchemas.of(Fine.class).typeName()).isEqualTo("Fine");
    }
}
