package dev.keypath.spring.auditing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemValidationException;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.KeyPathTransactions;
import dev.keypath.spring.auditing.AuditedApplication.Doc;
import dev.keypath.spring.auditing.AuditedApplication.Jot;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.OptimisticLockingFailureException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code @EnableKeyPathAuditing} on repository saves and on the operations class, in and out of a unit of work,
 * and Boot's validator checking items before saves, against DynamoDB Local.
 */
@SpringBootTest(classes = AuditedApplication.class, properties = "keypath.dynamodb.table-name=spring-auditing")
class AuditingTest {
    static final Instant T1 = Instant.parse("2032-01-01T08:00:00Z");
    static final Instant T2 = Instant.parse("2032-01-02T09:30:00Z");

    @Autowired
    DocRepository docs;
    @Autowired
    JotRepository jots;
    @Autowired
    KeyPathDynamoOperations operations;
    @Autowired
    KeyPathTransactions transactions;

    @BeforeEach
    void ada() {
        AuditedApplication.USER.set("ada");
        AuditedApplication.NOW.set(T1);
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }

    @Test
    void aNewItemGetsCreatorAndDatesAndALaterSaveOnlyTheModification() {
        String id = id();
        Doc first = docs.save(Doc.fresh(id, "one"));
        assertThat(first.created()).isEqualTo(T1);
        assertThat(first.modified()).isEqualTo(T1);
        assertThat(first.createdBy()).isEqualTo("ada");
        assertThat(first.modifiedBy()).isEqualTo("ada");
        assertThat(first.version()).isEqualTo(1L);
        assertThat(docs.findById(KeyPath.of("doc", id))).contains(first);

        AuditedApplication.USER.set("grace");
        AuditedApplication.NOW.set(T2);
        Doc second = docs.save(new Doc(id, "two", first.created(), first.modified(), first.createdBy(),
                first.modifiedBy(), first.version()));
        assertThat(second.created()).isEqualTo(T1);
        assertThat(second.createdBy()).isEqualTo("ada");
        assertThat(second.modified()).isEqualTo(T2);
        assertThat(second.modifiedBy()).isEqualTo("grace");
        assertThat(docs.findById(KeyPath.of("doc", id))).contains(second);
    }

    @Test
    void auditingKeepsTheVersionCheck() {
        String id = id();
        Doc first = docs.save(Doc.fresh(id, "one"));
        docs.save(first);
        assertThatThrownBy(() -> docs.save(first)).isInstanceOf(OptimisticLockingFailureException.class);
    }

    @Test
    void theOperationsClassAuditsInsertsAndSavesInsideAUnitOfWorkToo() {
        String a = id();
        Doc inserted = operations.insert(Doc.fresh(a, "a"));
        assertThat(inserted.createdBy()).isEqualTo("ada");

        String b = id();
        AuditedApplication.NOW.set(T2);
        transactions.execute(ops -> ops.save(Doc.fresh(b, "b")));
        Doc stored = docs.findById(KeyPath.of("doc", b)).orElseThrow();
        assertThat(stored.created()).isEqualTo(T2);
        assertThat(stored.createdBy()).isEqualTo("ada");
    }

    @Test
    void anUnversionedItemIsNewWhileItsCreationDateIsUnset() {
        String id = id();
        Jot first = jots.save(new Jot(id, "x", null, null));
        assertThat(first.created()).isEqualTo(T1);
        AuditedApplication.NOW.set(T2);
        Jot second = jots.save(new Jot(id, "y", first.created(), first.modified()));
        assertThat(second.created()).isEqualTo(T1);
        assertThat(second.modified()).isEqualTo(T2);
    }

    @Test
    void itemExtensionBeansRunOnTheAutoConfiguredTable() {
        String id = id();
        jots.save(new Jot(id, "x", null, null));
        KeyPath key = KeyPath.of("jot", id);
        var stored = operations.table().client().getItem(r -> r.tableName(operations.table().tableName())
                .consistentRead(true).key(java.util.Map.of(
                        "pk", AttributeValue.fromB(SdkBytes.fromByteArray(key.partitionKey())),
                        "sk", AttributeValue.fromB(SdkBytes.fromByteArray(key.sortKey()))))).item();
        assertThat(stored.get("origin").s()).isEqualTo("spring");
    }

    @Test
    void bootsValidatorChecksItemsBeforeSavesAndTheViolationsReachTheCaller() {
        String id = id();
        assertThatThrownBy(() -> jots.save(new Jot(id, " ", null, null)))
                .isInstanceOfSatisfying(ItemValidationException.class, e -> {
                    assertThat(e.violations()).extracting(ItemValidationException.Violation::property)
                            .containsExactly("text");
                    assertThat(e.keyPath()).contains(KeyPath.of("jot", id));
                });
        assertThat(jots.findById(KeyPath.of("jot", id))).isEmpty();
    }
}
