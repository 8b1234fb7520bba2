package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemValidationException;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Bean Validation before every put (single, transactional, batch) of both tables: an invalid item fails with an
 * {@link ItemValidationException} naming its type, key path and violations, and nothing of the write is stored.
 */
@KeyPathDynamoDb(types = {BeanValidationTest.Account.class, BeanValidationTest.Free.class},
        customizers = BeanValidationTest.Validating.class)
class BeanValidationTest {
    static final ValidatorFactory FACTORY = Validation.buildDefaultValidatorFactory();

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    @ItemType(keyPath = "/account-{id}")
    record Account(String id, @NotBlank String name, @Email String email, @PositiveOrZero int credits,
                   @Size(max = 3) List<String> tags) {
        static Account valid(String id) {
            return new Account(id, "Ada", "ada@example.com", 1, List.of("a"));
        }
    }

    /** No constraints: not validated at all. */
    @ItemType(keyPath = "/free-{id}")
    record Free(String id, String anything) {
    }

    static final class Validating implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            settings.validator(FACTORY.getValidator());
        }
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }

    @Test
    void anInvalidPutFailsNamingTypeKeyPathAndEachViolationAndStoresNothing() {
        String id = id();
        Account bad = new Account(id, " ", "not-an-email", -1, List.of("a", "b", "c", "d"));
        assertThatThrownBy(() -> table.put(bad)).isInstanceOfSatisfying(ItemValidationException.class, e -> {
            assertThat(e.type()).isEqualTo(Account.class);
            assertThat(e.keyPath()).contains(KeyPath.of("account", id));
            assertThat(e.violations()).extracting(ItemValidationException.Violation::property)
                    .containsExactly("credits", "email", "name", "tags");
            assertThat(e.constraintViolations()).hasSize(4).allMatch(v -> v instanceof ConstraintViolation<?>);
            assertThat(e.getMessage()).startsWith("Account is not valid: credits ")
                    .contains(KeyPath.of("account", id).toString());
        });
        assertThat(table.get(Account.class, KeyPath.of("account", id))).isEmpty();
    }

    @Test
    void aValidPutIsStoredAndAnExistingItemSurvivesAnInvalidReplacement() {
        String id = id();
        Account ok = table.put(Account.valid(id));
        assertThatThrownBy(() -> table.put(new Account(id, "", "ada@example.com", 1, List.of())))
                .isInstanceOf(ItemValidationException.class).hasMessageContaining("name");
        assertThat(table.get(Account.class, KeyPath.of("account", id))).contains(ok);
    }

    @Test
    void asyncPutFailsItsFutureWithTheValidationException() throws Exception {
        String id = id();
        assertThatThrownBy(() -> async.put(new Account(id, "", null, 0, null)).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(ItemValidationException.class);
        assertThat(async.put(Account.valid(id)).get(30, TimeUnit.SECONDS)).isEqualTo(Account.valid(id));
    }

    @Test
    void aTransactionWithAnInvalidPutWritesNoneOfItsActions() throws Exception {
        String good = id();
        String bad = id();
        assertThatThrownBy(() -> table.transact(tx -> tx.put(Account.valid(good))
                .put(new Account(bad, "", null, 0, null)))).isInstanceOf(ItemValidationException.class)
                .hasMessageContaining(KeyPath.of("account", bad).toString());
        assertThatThrownBy(() -> async.transact(tx -> tx.put(Account.valid(good))
                .put(new Account(bad, "", null, 0, null))).join())
                .hasCauseInstanceOf(ItemValidationException.class);
        assertThat(table.get(Account.class, KeyPath.of("account", good))).isEmpty();
    }

    @Test
    void aBatchWithAnInvalidPutWritesNothing() {
        String good = id();
        String bad = id();
        assertThatThrownBy(() -> table.batchWrite(w -> w.put(Account.valid(good))
                .put(new Account(bad, "x", "nope", 0, null)))).isInstanceOf(ItemValidationException.class)
                .hasMessageContaining("email");
        assertThatThrownBy(() -> async.batchWrite(w -> w.put(Account.valid(good))
                .put(new Account(bad, "x", "nope", 0, null))).join())
                .hasCauseInstanceOf(ItemValidationException.class);
        assertThat(table.get(Account.class, KeyPath.of("account", good))).isEmpty();
        assertThat(table.batchWrite(w -> w.put(Account.valid(good)))).hasSize(1);
    }

    @Test
    void typesWithoutConstraintsAndUpdatesAreNotValidated() {
        String id = id();
        assertThat(table.put(new Free(id, null)).anything()).isNull();
        table.put(Account.valid(id));
        Account updated = table.update(Account.class, KeyPath.of("account", id),
                UpdateSpec.of(u -> u.set("name", ""))); // an update carries no object to validate
        assertThat(updated.name()).isEmpty();
    }
}
