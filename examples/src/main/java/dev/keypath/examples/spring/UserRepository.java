package dev.keypath.examples.spring;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;

/** Users by key path. Thread-safe proxy created by Spring Data. */
public interface UserRepository extends KeyPathRepository<User, KeyPath> {
}
