package dev.keypath.spring.indexes;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.Optional;

public interface AccountRepository extends KeyPathRepository<Account, KeyPath> {
    Optional<Account> findByEmail(String email);

    Account getByEmail(String email);

    boolean existsByEmail(String email);
}
