package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Objects;
import java.util.Optional;

/**
 * What an operation is about to do, as an {@link OperationObserver} is told before its first request: the same
 * fields an {@link OperationReport} carries, known up front. Immutable.
 *
 * @param kind          what the operation does
 * @param itemType      the item type it reads or writes, or null when it has several or none
 * @param table         the table name
 * @param index         the secondary index a query or count reads, or null for the table
 * @param keyPath       the key path it addresses, or null when it addresses several, none, or one not known yet
 *                      (a put whose ids are generated); high-cardinality: never a metric tag
 * @param accessPattern the access pattern's name (see {@link OperationReport#accessPattern()})
 * @param parent        the observation of the operation this one runs inside (the read-modify-write whose unit
 *                      reads and commits), or null
 */
public record OperationStart(OperationKind kind, Class<?> itemType, String table, String index, KeyPath keyPath,
                             String accessPattern, OperationObservation parent) {
    /** Checks the fields that are never null. */
    public OperationStart {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(accessPattern, "accessPattern");
    }

    /** {@link #itemType()}, when there is one. */
    public Optional<Class<?>> type() {
        return Optional.ofNullable(itemType);
    }

    /** {@link #keyPath()}, when there is one. */
    public Optional<KeyPath> addressed() {
        return Optional.ofNullable(keyPath);
    }

    /** {@link #index()}, when there is one. */
    public Optional<String> secondaryIndex() {
        return Optional.ofNullable(index);
    }

    /** {@link #parent()}, when there is one. */
    public Optional<OperationObservation> enclosing() {
        return Optional.ofNullable(parent);
    }
}
