package dev.keypath.spring.slice;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;

/** The repository of {@link Receipt}. */
public interface ReceiptRepository extends KeyPathRepository<Receipt, KeyPath> {
}
