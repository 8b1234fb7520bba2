package dev.keypath.spring.webapp;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import dev.keypath.spring.webapp.WebApplication.Account;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

/** The repository of {@link Account}. */
public interface AccountRepository extends KeyPathRepository<Account, KeyPath> {
    Slice<Account> findAccountsById(String id, Pageable page);
}
