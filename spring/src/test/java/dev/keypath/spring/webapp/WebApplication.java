package dev.keypath.spring.webapp;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.spring.repository.KeyPathPageRequest;
import dev.keypath.test.TestDynamoDb;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import java.util.List;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.dao.DataRetrievalFailureException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** A web application whose controller lets keypath's failures through, for the problem-details tests. */
@SpringBootApplication
public class WebApplication {
    /** An account: a unique e-mail, a version, a name that must not be blank. */
    @ItemType(keyPath = "/account-{id}")
    @UniqueKeyPath("/email-{email}")
    public record Account(String id, @Email String email, @NotBlank String name, String notes, @Version Long version) {
    }

    @Bean(destroyMethod = "")
    DynamoDbClient dynamoDbClient() {
        return TestDynamoDb.get().client();
    }

    /** Writes and reads accounts as asked; every failure goes out as it came. */
    @RestController
    static class Accounts {
        private final AccountRepository accounts;

        Accounts(AccountRepository accounts) {
            this.accounts = accounts;
        }

        @PostMapping("/accounts")
        Account create(@RequestBody Account account) {
            return accounts.insert(account);
        }

        @PostMapping("/accounts/validated")
        Account createValidated(@Valid @RequestBody Account account) {
            return accounts.insert(account);
        }

        @PostMapping("/accounts/save")
        Account save(@RequestBody Account account) {
            return accounts.save(account);
        }

        @GetMapping("/accounts/{id}")
        List<Account> page(@PathVariable String id, @RequestParam String token) {
            return accounts.findAccountsById(id, KeyPathPageRequest.of(10, token)).getContent();
        }

        @GetMapping("/other-store")
        String otherStore() {
            throw new DataRetrievalFailureException("a failure of another store");
        }
    }
}
