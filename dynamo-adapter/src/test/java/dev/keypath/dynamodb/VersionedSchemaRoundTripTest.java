package dev.keypath.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A versioned type's schema reads back what it writes, and reads an item of an older version upgraded: a field
 * renamed at version 2 keeps its value whichever version stored it.
 */
class VersionedSchemaRoundTripTest {
    @ItemType(keyPath = "/user-{userId}/profile-{profileId}", name = "Profile", version = 3)
    public record Profile(UUID userId, long profileId, String fullName, String email, boolean active) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName"))
                    .version(3, v -> v.added("active", AttributeValue.fromBool(true))));
        }
    }

    private final ItemSchema<Profile> schema = ItemSchemas.of(Profile.class);
    private final Profile ada = new Profile(UUID.randomUUID(), 1234, "Ada Lovelace", "ada@example.com", true);

    @Test
    void anItemWrittenAtTheCurrentVersionReadsBackUnchanged() {
        Map<String, AttributeValue> stored = schema.toItem(ada);
        assertThat(stored).containsEntry("_kp_v", AttributeValue.fromN("3")).containsKey("fullName");
        assertThat(schema.fromItem(stored)).isEqualTo(ada);
    }

    @Test
    void anItemWrittenAtVersionTwoIsUpgraded() {
        Map<String, AttributeValue> older = new HashMap<>(schema.toItem(ada));
        older.remove("active");
        older.put("_kp_v", AttributeValue.fromN("2"));
        assertThat(schema.fromItem(older)).isEqualTo(ada);
    }

    @Test
    void anItemWrittenAtVersionOneIsUpgraded() {
        Map<String, AttributeValue> older = new HashMap<>(schema.toItem(ada));
        older.remove("active");
        older.remove("_kp_v");
        older.put("name", older.remove("fullName"));
        assertThat(schema.fromItem(older)).isEqualTo(ada);
    }
}
