package dev.keypath.examples.docs;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.encryption.EncryptedItem;
import jakarta.validation.Validator;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** What the main README's snippets presume: the values its text names and the item types it mentions. */
@SuppressWarnings("unused")
class ReadmeContext {
    /** A user, with counters in a nested map. */
    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name, java.util.Map<String, Long> stats) {
    }

    /** The post of the README, for the snippets that do not declare it. */
    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    record Post(UUID userId, @AutoId(AutoId.Strategy.SEQUENCE) long postId, String title, @Version Long version) {
    }

    /** A comment under a post. */
    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{at}")
    record Comment(UUID userId, long postId, long at, String text) {
    }

    /** An account with a balance. */
    @ItemType(keyPath = "/account-{id}")
    record Account(String id, long balance, @Version Long version) {
        Account plus(long amount) {
            return new Account(id, balance + amount, version);
        }
    }

    /** A patient, whose fields keypath-encryption encrypts. */
    @ItemType(keyPath = "/patient-{id}")
    @EncryptedItem
    record Patient(UUID id, String name) {
    }

    /** A view of a post: its title alone. */
    record PostTitle(String title) {
    }

    UUID userId;
    KeyPath path;
    KeyPath userPath;
    KeyPath postPath;
    KeyPath tagPath;
    String token;
    byte[] secret;
    String keyArn;
    DynamoDbClient dynamoDbClient;
    KeyPathAsyncTable asyncTable;
    Condition notBanned;
    UpdateItem<User> inc;
    SubtreeDeletion previous;
    Validator validator;
}
