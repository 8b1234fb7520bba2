package dev.keypath.spring.auditing;

import dev.keypath.KeyPath;
import dev.keypath.spring.auditing.AuditedApplication.Jot;
import dev.keypath.spring.repository.KeyPathRepository;

/** The repository of {@link Jot}. */
public interface JotRepository extends KeyPathRepository<Jot, KeyPath> {
}
