package dev.keypath.spring.indexes;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.Optional;

public interface CustomerRepository extends KeyPathRepository<Customer, KeyPath> {
    Optional<Customer> findByEmail(String email);
}
