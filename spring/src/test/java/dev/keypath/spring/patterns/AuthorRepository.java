package dev.keypath.spring.patterns;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.Optional;

public interface AuthorRepository extends KeyPathRepository<Author, KeyPath> {
    Optional<Author> findByEmail(String email);
}
