package dev.keypath.examples.spring;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;

/** Comments by key path. Thread-safe proxy created by Spring Data. */
public interface CommentRepository extends KeyPathRepository<Comment, KeyPath> {
}
