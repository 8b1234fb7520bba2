package dev.keypath.test.evolution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.NewerItemVersionException;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.evolution.PersonVersions.Person;
import dev.keypath.test.evolution.PersonVersions.V1;
import dev.keypath.test.evolution.PersonVersions.V2;
import dev.keypath.test.evolution.PersonVersions.V3;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An instance of an older release updates an item that a newer release (or its background rewrite) has already
 * stored at its own, newer version: the update is refused before it changes anything, with a
 * {@link NewerItemVersionException} naming the type, the stored version and the declared one, whatever the update
 * touches (a field no version changed, one the newer version renamed), as an update or an upsert, through the
 * synchronous and the asynchronous table; in a transaction, the transaction is cancelled. The stored item is exactly
 * as it was.
 */
class OlderReleaseUpdatesTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("older-updates");

    private static KeyPathTable table(Class<?> type) {
        KeyPathTable t = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE).register(type)
                .upgradeOnWrite(type).build();
        t.bootstrap();
        return t;
    }

    private static KeyPathTable plain(Class<?> type) {
        return KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE).register(type).build();
    }

    private static KeyPathAsyncTable async(Class<?> type) {
        return KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient()).tableName(TABLE)
                .register(type).build();
    }

    private static Person person() {
        return new Person(UUID.randomUUID(), "Ada", 36, "old", "Main St", "London", "A");
    }

    private static Map<String, AttributeValue> stored(KeyPath path) {
        return TestDynamoDb.get().client().getItem(r -> r.tableName(TABLE).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    private static void refused(Supplier<?> update, int stored, int declared) {
        assertThatThrownBy(update::get).isInstanceOfSatisfying(NewerItemVersionException.class, e -> {
            assertThat(e.typeName()).isEqualTo("Person");
            assertThat(e.storedVersion()).isEqualTo(stored);
            assertThat(e.declaredVersion()).isEqualTo(declared);
            assertThat(e).hasMessageContaining("not applied").hasMessageContaining("version " + stored)
                    .hasMessageContaining("newer than version " + declared);
        });
    }

    private static void refusedAsync(Supplier<? extends CompletableFuture<?>> update,
                                     int stored, int declared) {
        refused(() -> {
            try {
                return update.get().join();
            } catch (CompletionException e) {
                throw (RuntimeException) e.getCause();
            }
        }, stored, declared);
    }

    @Test
    void anUpdateOfTheVersionOneDeclarationIsRefusedOnAVersionTwoItemAndChangesNothing() {
        KeyPathTable v1 = plain(V1.class);
        KeyPathTable v2 = table(V2.class);
        KeyPathAsyncTable v1async = async(V1.class);
        Person p = person();
        KeyPath path = KeyPath.of("person", p.id());
        v1.put(V1.of(p));
        // on a version-1 item the update applies, as always
        assertThat(v1.update(V1.class, path, UpdateSpec.of(u -> u.increment("age", 1))).age()).isEqualTo(37);
        // the newer release raises the item to version 2
        v2.update(V2.class, path, UpdateSpec.of(u -> u.set("address", "Elm St|Leeds")));
        Map<String, AttributeValue> before = stored(path);
        assertThat(before.get("_kp_v").n()).isEqualTo("2");

        refused(() -> v1.update(V1.class, path, UpdateSpec.of(u -> u.increment("age", 1))), 2, 1);
        refused(() -> v1.update(V1.class, path, UpdateSpec.of(u -> u.set("name", "Grace"))), 2, 1);
        refused(() -> v1.update(UpdateItem.upsert(V1.class, path, UpdateSpec.of(u -> u.set("age", 50)))), 2, 1);
        refusedAsync(() -> v1async.update(V1.class, path, UpdateSpec.of(u -> u.increment("age", 1))), 2, 1);
        refusedAsync(() -> v1async.update(UpdateItem.upsert(V1.class, path, UpdateSpec.of(u -> u.set("age", 50)))),
                2, 1);
        assertThatThrownBy(() -> v1.transact(t -> t.update(V1.class, path, UpdateSpec.of(u -> u.set("age", 1)))))
                .isInstanceOf(TransactionFailedException.class);
        assertThatThrownBy(() -> v1async.transact(t -> t.update(V1.class, path,
                UpdateSpec.of(u -> u.set("age", 1)))).join()).hasCauseInstanceOf(TransactionFailedException.class);

        assertThat(stored(path)).isEqualTo(before);
        assertThat(v2.get(V2.class, path)).contains(new V2(p.id(), "Ada", 37, "old", "Elm St|Leeds"));
    }

    @Test
    void anUpdateOfTheVersionTwoDeclarationIsRefusedOnAVersionThreeItemWithOrWithoutUpgradeOnWrite() {
        KeyPathTable v2 = table(V2.class);
        KeyPathTable v2plain = plain(V2.class);
        KeyPathTable v3 = table(V3.class);
        Person p = person();
        KeyPath path = KeyPath.of("person", p.id());
        v2.put(V2.of(p));
        v3.update(V3.class, path, UpdateSpec.of(u -> u.set("nickname", "Countess")));
        Map<String, AttributeValue> before = stored(path);
        assertThat(before.get("_kp_v").n()).isEqualTo("3");

        refused(() -> v2.update(V2.class, path, UpdateSpec.of(u -> u.increment("age", 1))), 3, 2);
        refused(() -> v2.update(V2.class, path, UpdateSpec.of(u -> u.set("fullName", "Grace"))), 3, 2);
        refused(() -> v2plain.update(V2.class, path, UpdateSpec.of(u -> u.increment("age", 1))), 3, 2);

        assertThat(stored(path)).isEqualTo(before);
    }
}
