package dev.keypath.spring.hidden;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;

public interface VisitRepository extends KeyPathRepository<Visit, KeyPath> {
}
