package dev.keypath.streams;

import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.TableCustomizer;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** The item types of the change-feed tests: users, their posts (sequence ids) and sessions that expire. */
final class Model {
    static final Class<?>[] ALL = {User.class, Post.class, Session.class};

    private Model() {
    }

    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name, @Version Long version) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    record Post(UUID userId, @AutoId(AutoId.Strategy.SEQUENCE) long postId, String title, List<String> tags) {
    }

    @ItemType(keyPath = "/session-{sessionId}")
    record Session(UUID sessionId, String owner, @TimeToLive Instant expiresAt) {
    }

    /** Bootstraps the test table with a stream of new and old images. */
    static final class NewAndOldImages implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> table) {
            table.streams(StreamViewType.NEW_AND_OLD_IMAGES);
        }
    }
}
