package dev.keypath.spring.indexes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/** Repositories of types with a local index and a unique key path, on the real engine. */
@SpringBootTest(classes = IndexedApplication.class, properties = {
    "keypath.dynamodb.table-name=spring-indexes", "keypath.dynamodb.create-table-if-missing=true"})
class IndexRepositoriesTest {
    @Autowired
    AccountRepository accounts;
    @Autowired
    EventRepository events;
    @Autowired
    KeyPathTable table;

    private static String email() {
        return "a-" + UUID.randomUUID() + "@example.com";
    }

    @Test
    void saveKeepsTheAliasAndFindByEmailReadsThroughIt() {
        String email = email();
        Account saved = accounts.save(new Account(UUID.randomUUID(), email, "ann", null));

        assertThat(accounts.findByEmail(email)).contains(saved);
        assertThat(accounts.getByEmail(email)).isEqualTo(saved);
        assertThat(accounts.findByEmail(email())).isEmpty();
        assertThat(accounts.existsByEmail(email)).isTrue();
        assertThat(accounts.existsByEmail(email())).isFalse();
        assertThat(table.getByAlias(Account.class, KeyPath.of("email", email))).contains(saved);
    }

    @Test
    void aSecondAccountWithTheSameEmailIsADuplicateKey() {
        String email = email();
        accounts.save(new Account(UUID.randomUUID(), email, "ann", null));

        assertThatThrownBy(() -> accounts.save(new Account(UUID.randomUUID(), email, "bob", null)))
                .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("/email-" + email);
    }

    @Test
    void changingAndDeletingMoveAndRemoveTheAlias() {
        String first = email();
        String second = email();
        Account a = accounts.save(new Account(UUID.randomUUID(), first, "cy", null));
        Account moved = accounts.save(new Account(a.accountId(), second, "cy", a.version()));
        assertThat(accounts.findByEmail(first)).isEmpty();
        assertThat(accounts.findByEmail(second)).contains(moved);

        accounts.delete(moved);
        assertThat(accounts.findByEmail(second)).isEmpty();
        accounts.save(new Account(UUID.randomUUID(), second, "dee", null));
        assertThat(accounts.findByEmail(second)).map(Account::name).contains("dee");
    }

    @Test
    void saveAllKeepsAliasesAndABatchWriteOfTheTypeIsRefused() {
        // saveAll saves one by one through put, so it keeps aliases
        String e = email();
        accounts.saveAll(java.util.List.of(new Account(UUID.randomUUID(), e, "e", null),
                new Account(UUID.randomUUID(), email(), "f", null)));
        assertThat(accounts.findByEmail(e)).map(Account::name).contains("e");
        assertThatThrownBy(() -> table.batchWrite(b -> b.put(new Account(UUID.randomUUID(), email(), "g", null))))
                .hasMessageContaining("@UniqueKeyPath");
    }

    @Test
    void derivedQueriesOrderedByALocalIndexVariableRouteToTheLocalIndex() {
        UUID user = UUID.randomUUID();
        long[] days = {3, 1, 4, 5, 2};
        for (int i = 0; i < days.length; i++) {
            events.save(new Event(user, i + 1, days[i], "e" + i));
        }
        events.save(new Event(UUID.randomUUID(), 1, 9, "other"));

        assertThat(events.findByUserIdOrderByDayDesc(user)).extracting(Event::day).containsExactly(5L, 4L, 3L, 2L, 1L);
        assertThat(events.findByUserIdAndDayBetweenOrderByDayAsc(user, 2, 4)).extracting(Event::day)
                .containsExactly(2L, 3L, 4L);
    }
}
