package dev.keypath.spring.auditing;

import dev.keypath.KeyPath;
import dev.keypath.spring.auditing.AuditedApplication.Doc;
import dev.keypath.spring.repository.KeyPathRepository;

/** The repository of {@link Doc}. */
public interface DocRepository extends KeyPathRepository<Doc, KeyPath> {
}
