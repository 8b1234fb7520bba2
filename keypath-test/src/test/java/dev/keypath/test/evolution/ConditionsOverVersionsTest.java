package dev.keypath.test.evolution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.InvalidConditionException;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.evolution.PersonVersions.Person;
import dev.keypath.test.evolution.PersonVersions.V1;
import dev.keypath.test.evolution.PersonVersions.V7;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Write conditions that name fields a version renamed or added with a default hold on an item stored at an older
 * version as they hold on the item it reads as: a delete, an update, a put, a transaction's condition check and
 * update, and a read-modify-write conditioned on the value just read go through, on the synchronous and the
 * asynchronous table, with and without upgrade on write; a condition that does not hold still fails and leaves the
 * item as it was. A condition on what the type no longer stores, or on a field changed by a function, is refused
 * before any request.
 */
class ConditionsOverVersionsTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("conditions-over-versions");
    private static final AtomicInteger REQUESTS = new AtomicInteger();

    @ItemType(keyPath = "/acct-{id}", name = "Account")
    record AccountV1(UUID id, String name, String email) {
    }

    @ItemType(keyPath = "/acct-{id}", name = "Account", version = 3)
    record Account(UUID id, String fullName, String nickname, String email) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName"))
                    .version(3, v -> v.added("nickname", AttributeValue.fromS("none"))));
        }
    }

    private static KeyPathTable v1;
    private static KeyPathTable plain;
    private static KeyPathTable upgrading;
    private static KeyPathAsyncTable plainAsync;
    private static KeyPathAsyncTable upgradingAsync;

    @BeforeAll
    static void tables() {
        ExecutionInterceptor counting = new ExecutionInterceptor() {
            @Override
            public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                REQUESTS.incrementAndGet();
            }
        };
        v1 = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE)
                .register(AccountV1.class, V1.class).build();
        v1.bootstrap();
        plain = KeyPathTables.builder().client(TestDynamoDb.get().clientBuilder()
                        .overrideConfiguration(c -> c.addExecutionInterceptor(counting)).build())
                .tableName(TABLE).register(Account.class, V7.class).build();
        upgrading = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE)
                .register(Account.class).upgradeOnWrite(Account.class).build();
        plainAsync = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClientBuilder()
                        .overrideConfiguration(c -> c.addExecutionInterceptor(counting)).build())
                .tableName(TABLE).register(Account.class, V7.class).build();
        upgradingAsync = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient()).tableName(TABLE)
                .register(Account.class).upgradeOnWrite(Account.class).build();
    }

    /** A version-1 account, and its key path. */
    private static KeyPath older(String name) {
        UUID id = UUID.randomUUID();
        v1.put(new AccountV1(id, name, name.replace(' ', '.') + "@example.com"));
        return KeyPath.of("acct", id);
    }

    private static Condition fullNameIs(String value) {
        return Condition.attributeEquals("fullName", value);
    }

    private static Map<String, AttributeValue> raw(KeyPath path) {
        return TestDynamoDb.get().client().getItem(b -> b.tableName(TABLE).consistentRead(true)
                .key(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                        "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    private static UpdateItem<Account> newEmail(KeyPath path, Condition condition) {
        return UpdateItem.of(Account.class, path, UpdateSpec.builder().set("email", "new@example.com")
                .condition(condition).build());
    }

    @Test
    void aDeleteConditionedOnTheValueJustReadDeletesAnOlderItem() {
        KeyPath path = older("User Number 1");
        Account read = plain.get(Account.class, path).orElseThrow();
        assertThat(read.fullName()).isEqualTo("User Number 1");
        assertThat(read.nickname()).isEqualTo("none");
        assertThatThrownBy(() -> plain.delete(Account.class, path, fullNameIs("someone else")))
                .isInstanceOf(ConditionFailedException.class);
        assertThat(raw(path)).as("left as it was").containsKey("name");
        plain.delete(Account.class, path, fullNameIs(read.fullName()));
        assertThat(plain.get(Account.class, path)).isEmpty();

        KeyPath second = older("User Number 2");
        plainAsync.delete(Account.class, second, Condition.of("#f = :f AND #n = :n",
                Map.of("#f", "fullName", "#n", "nickname"), Map.of(":f", "User Number 2", ":n", "none"))).join();
        assertThat(plain.get(Account.class, second)).isEmpty();
    }

    @Test
    void anUpdateConditionedOnARenamedFieldAppliesToAnOlderItem() {
        KeyPath path = older("User Number 3");
        plain.update(newEmail(path, fullNameIs("User Number 3")));
        assertThat(plain.get(Account.class, path).orElseThrow().email()).isEqualTo("new@example.com");
        assertThat(raw(path)).as("still version 1, as the table does not upgrade on write").containsKey("name")
                .doesNotContainKey("_kp_v");
        assertThatThrownBy(() -> plain.update(newEmail(path, fullNameIs("someone else"))))
                .isInstanceOf(ConditionFailedException.class);

        KeyPath asyncPath = older("User Number 4");
        plainAsync.update(newEmail(asyncPath, Condition.attributeEquals("nickname", "none"))).join();
        assertThat(plain.get(Account.class, asyncPath).orElseThrow().email()).isEqualTo("new@example.com");
    }

    @Test
    void anUpdateConditionedOnARenamedFieldUpgradesAnOlderItemOnWrite() {
        KeyPath path = older("User Number 5");
        upgrading.update(newEmail(path, fullNameIs("User Number 5")));
        assertThat(raw(path)).containsEntry("fullName", AttributeValue.fromS("User Number 5"))
                .containsEntry("_kp_v", AttributeValue.fromN("3")).containsEntry("email",
                        AttributeValue.fromS("new@example.com")).doesNotContainKey("name");

        KeyPath failing = older("User Number 6");
        assertThatThrownBy(() -> upgrading.update(newEmail(failing, fullNameIs("someone else"))))
                .isInstanceOf(ConditionFailedException.class)
                .hasMessageContaining("condition not met");
        assertThat(raw(failing)).as("left as it was").containsKey("name").doesNotContainKey("_kp_v");

        KeyPath asyncPath = older("User Number 7");
        upgradingAsync.update(newEmail(asyncPath, Condition.attributeEquals("nickname", "none"))).join();
        assertThat(raw(asyncPath)).containsEntry("_kp_v", AttributeValue.fromN("3"))
                .containsEntry("nickname", AttributeValue.fromS("none"));
        assertThatThrownBy(() -> upgradingAsync.update(newEmail(older("User Number 8"), fullNameIs("x"))).join())
                .hasCauseInstanceOf(ConditionFailedException.class);
    }

    @Test
    void aPutConditionedOnAnAddedDefaultReplacesAnOlderItem() {
        KeyPath path = older("User Number 9");
        UUID id = path.id(0).asUuid();
        Account replacement = new Account(id, "User Nine", "nine", "nine@example.com");
        plain.put(replacement, Condition.attributeEquals("nickname", "none"));
        assertThat(plain.get(Account.class, path)).contains(replacement);
        assertThatThrownBy(() -> plain.put(replacement, Condition.attributeEquals("nickname", "none")))
                .as("the stored item now holds nickname 'nine'").isInstanceOf(ConditionFailedException.class);

        KeyPath asyncPath = older("User Number 10");
        Account other = new Account(asyncPath.id(0).asUuid(), "Ten", "ten", "ten@example.com");
        plainAsync.put(PutItem.builder(other).condition(fullNameIs("User Number 10")).build()).join();
        assertThat(plain.get(Account.class, asyncPath)).contains(other);
    }

    @Test
    void transactionsAndReadModifyWritesCheckConditionsOverVersions() {
        KeyPath checked = older("User Number 11");
        KeyPath updated = older("User Number 12");
        plain.transact(tx -> tx.conditionCheck(Account.class, checked, fullNameIs("User Number 11"))
                .update(newEmail(updated, Condition.attributeEquals("nickname", "none"))));
        assertThat(plain.get(Account.class, updated).orElseThrow().email()).isEqualTo("new@example.com");
        assertThatThrownBy(() -> plain.transact(tx -> tx.conditionCheck(Account.class, checked,
                fullNameIs("someone else")).delete(Account.class, updated)))
                .isInstanceOf(TransactionFailedException.class);
        assertThat(plain.get(Account.class, updated)).isPresent();

        KeyPath unit = older("User Number 13");
        plain.readModifyWrite(tx -> {
            Account a = tx.read(Account.class, unit).orElseThrow();
            tx.delete(DeleteItem.builder(Account.class, unit).condition(fullNameIs(a.fullName())).build());
            return null;
        });
        assertThat(plain.get(Account.class, unit)).isEmpty();

        KeyPath asyncUnit = older("User Number 14");
        plainAsync.readModifyWrite(tx -> tx.read(Account.class, asyncUnit).thenApply(a -> {
            tx.update(newEmail(asyncUnit, fullNameIs(a.orElseThrow().fullName())));
            return null;
        })).join();
        assertThat(plain.get(Account.class, asyncUnit).orElseThrow().email()).isEqualTo("new@example.com");
        plainAsync.transact(tx -> tx.delete(DeleteItem.builder(Account.class, asyncUnit)
                .condition(Condition.attributeEquals("nickname", "none")).build())).join();
        assertThat(plain.get(Account.class, asyncUnit)).isEmpty();
    }

    @Test
    void aConditionOnWhatTheTypeNoLongerStoresOrOnAFieldChangedByAFunctionIsRefusedBeforeAnyRequest() {
        KeyPath path = older("User Number 15");
        Person person = new Person(UUID.randomUUID(), "P", 41, "old", "s", "c", null);
        v1.put(V1.of(person));
        KeyPath personPath = KeyPath.of("person", person.id());
        int before = REQUESTS.get();
        assertThatThrownBy(() -> plain.delete(Account.class, path, Condition.attributeEquals("name", "x")))
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("Account no longer stores 'name'")
                .hasMessageContaining("version 2 renamed it to 'fullName'");
        assertThatThrownBy(() -> plain.delete(V7.class, personPath, Condition.attributeEquals("age", "41")))
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("'age' of Member")
                .hasMessageContaining("version 5");
        assertThatThrownBy(() -> plain.transact(tx -> tx.conditionCheck(V7.class, personPath,
                Condition.attributeEquals("street", "s")).delete(Account.class, path)))
                .isInstanceOf(InvalidConditionException.class)
                .hasMessageContaining("version 6");
        assertThatThrownBy(() -> plainAsync.update(UpdateItem.of(V7.class, personPath, UpdateSpec.builder()
                .set("nickname", "n").condition(Condition.attributeEquals("age", "41")).build())).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(InvalidConditionException.class);
        assertThat(REQUESTS.get()).as("requests sent").isEqualTo(before);
        assertThat(plain.get(Account.class, path)).isPresent();
    }
}
