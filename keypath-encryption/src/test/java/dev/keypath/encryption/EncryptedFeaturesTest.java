package dev.keypath.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.cryptography.dbencryptionsdk.structuredencryption.model.CryptoAction;

/**
 * Encrypted types meeting the table's other features: unique key paths, sequence ids, expiry, an index that holds
 * only keys (read through a batch get of the encrypted items), and the asynchronous table's publisher.
 */
@KeyPathDynamoDb(types = {EncryptedFeaturesTest.Account.class, EncryptedFeaturesTest.Entry.class,
        EncryptedFeaturesTest.Article.class})
class EncryptedFeaturesTest {
    /** An account: unique handle and region index over signed fields, an encrypted secret, an expiry. */
    @ItemType(keyPath = "/account-{id}")
    @EncryptedItem
    @UniqueKeyPath("/handle-{handle}")
    @SecondaryKeyPath(index = "byRegion", keyPath = "/region-{region}/account-{id}",
            projection = IndexProjection.KEYS_ONLY)
    record Account(UUID id, @Crypto(CryptoAction.SIGN_ONLY) String handle,
                   @Crypto(CryptoAction.SIGN_ONLY) String region, String secret, @TimeToLive Instant expiresAt) {
    }

    /** A ledger entry of an account, numbered by a sequence. */
    @ItemType(keyPath = "/account-{accountId}/entry-{n}")
    @EncryptedItem
    record Entry(UUID accountId, @AutoId(AutoId.Strategy.SEQUENCE) long n, String memo) {
    }

    /** An article whose view count changes in place: unsigned, beside an encrypted body. */
    @ItemType(keyPath = "/article-{id}")
    @EncryptedItem
    record Article(UUID id, String body, @Crypto(CryptoAction.DO_NOTHING) long views) {
    }

    @Injected
    DynamoDbClient client;
    @Injected
    DynamoDbAsyncClient asyncClient;
    @Injected
    KeyPathTable plainTable;

    private KeyPathTable table;
    private KeyPathAsyncTable async;

    @BeforeEach
    void tables() {
        table = KeyPathTables.builder().client(client).tableName(plainTable.tableName())
                .register(Account.class, Entry.class, Article.class).storedItemCodec(Clinic.encryption()).build();
        async = KeyPathTables.asyncBuilder().client(asyncClient).tableName(plainTable.tableName())
                .register(Account.class, Entry.class, Article.class).storedItemCodec(Clinic.encryption()).build();
    }

    private Map<String, AttributeValue> raw(KeyPath path) {
        return client.getItem(r -> r.tableName(plainTable.tableName()).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    @Test
    void uniqueKeyPathsSequenceIdsAndExpiryWorkOnEncryptedItems() {
        Instant later = Instant.now().plusSeconds(3600).truncatedTo(ChronoUnit.SECONDS);
        Account a = table.put(new Account(UUID.randomUUID(), "ada", "eu", "s3cret-ada", later));
        assertThat(table.getByAlias(Account.class, KeyPath.of("handle", "ada"))).contains(a);
        assertThatThrownBy(() -> table.put(new Account(UUID.randomUUID(), "ada", "eu", "other", later)))
                .isInstanceOf(UniqueKeyConflictException.class);
        Map<String, AttributeValue> raw = raw(table.keyPathOf(a));
        assertThat(raw.get("secret").b()).isNotNull();
        assertThat(raw.get("_ttl").n()).isEqualTo(Long.toString(later.getEpochSecond()));

        Entry first = table.put(new Entry(a.id(), 0, "opening"));
        Entry second = table.put(new Entry(a.id(), 0, "second"));
        assertThat(first.n()).isEqualTo(1);
        assertThat(second.n()).isEqualTo(2);
        assertThat(table.query(Entry.class, ItemQuery.of(q -> q.subtree(KeyPath.of("account", a.id()).then("entry"))))
                .items()).containsExactly(first, second);

        Account expired = table.put(new Account(UUID.randomUUID(), "gone", "eu", "old", Instant.now().minusSeconds(60)));
        assertThat(table.get(Account.class, table.keyPathOf(expired))).isEmpty();
    }

    @Test
    void anIndexOfKeysReadsTheEncryptedItemsByBatchGet() {
        Instant later = Instant.now().plusSeconds(3600).truncatedTo(ChronoUnit.SECONDS);
        Account b = table.put(new Account(UUID.randomUUID(), "bea", "ap", "s3cret-bea", later));
        assertThat(table.query(Account.class, ItemQuery.of(q -> q.subtree(KeyPath.of("region", "ap"))
                .index("byRegion"))).items()).containsExactly(b);
        assertThat(async.query(ItemQuery.of(q -> q.subtree(KeyPath.of("region", "ap")).index("byRegion")))
                .join().items()).containsExactly(b);
    }

    @Test
    void theAsynchronousPublisherHandsOverDecryptedItems() throws Exception {
        UUID id = UUID.randomUUID();
        List<Entry> entries = List.of(table.put(new Entry(id, 0, "a")), table.put(new Entry(id, 0, "b")),
                table.put(new Entry(id, 0, "c")));
        List<Object> received = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        async.publish(ItemQuery.of(q -> q.subtree(KeyPath.of("account", id)).limit(2)))
                .subscribe(new Flow.Subscriber<>() {
                    @Override
                    public void onSubscribe(Flow.Subscription s) {
                        s.request(Long.MAX_VALUE);
                    }

                    @Override
                    public void onNext(Object item) {
                        received.add(item);
                    }

                    @Override
                    public void onError(Throwable t) {
                        done.completeExceptionally(t);
                    }

                    @Override
                    public void onComplete() {
                        done.complete(null);
                    }
                });
        done.get(60, TimeUnit.SECONDS);
        assertThat(received).containsExactlyElementsOf(entries);
    }

    @Test
    void anUpdateOfUnsignedFieldsAloneChangesTheItemInPlace() {
        Article a = table.put(new Article(UUID.randomUUID(), "the encrypted body", 0));
        KeyPath path = table.keyPathOf(a);
        Article updated = table.update(UpdateItem.of(Article.class, path,
                u -> u.increment("views", 1)));
        assertThat(updated).isEqualTo(new Article(a.id(), "the encrypted body", 1));
        assertThat(async.get(Article.class, path).join()).contains(updated);
        assertThat(raw(path).get("body").b()).isNotNull();
        assertThatThrownBy(() -> table.update(UpdateItem.of(Article.class, path,
                u -> u.set("body", "plain"))))
                .isInstanceOf(InvalidUpdateException.class)
                .hasMessageContaining("body: ENCRYPT_AND_SIGN");
    }
}
