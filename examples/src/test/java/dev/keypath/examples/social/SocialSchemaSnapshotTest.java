package dev.keypath.examples.social;

import dev.keypath.test.snapshot.SchemaSnapshot;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The social example's item types match the schema snapshot committed beside its tests. */
class SocialSchemaSnapshotTest {
    @Test
    void theItemTypesMatchTheCommittedSnapshot() {
        SchemaSnapshot.assertMatches(Path.of("src/test/resources/keypath-schema-social.json"),
                User.class, Post.class, Comment.class, Reaction.class);
    }
}
