package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.internal.schema.IndexDefinition;
import java.util.Objects;

/**
 * The consistency a table reads with where a read names none: its builder's {@code readConsistency},
 * {@link ReadConsistency#EVENTUAL} (DynamoDB's own default) unless set. A query or scan that names none is read at
 * this default, except a query of a global index, which DynamoDB reads only eventually consistent. keypath's own reads
 * that must see the latest write (version and alias checks, read-modify-write and read-checked transactions, sequence
 * ids, re-shard moves, the reads of an update) name {@link ReadConsistency#STRONG} themselves and never come here.
 * Immutable.
 *
 * @param value the table's default
 */
public record TableConsistency(ReadConsistency value) {
    /** DynamoDB's own default. */
    public static final TableConsistency EVENTUAL = new TableConsistency(ReadConsistency.EVENTUAL);

    public TableConsistency {
        Objects.requireNonNull(value, "readConsistency");
    }

    /** {@code asked}, or the table's default when it is null. */
    public ReadConsistency or(ReadConsistency asked) {
        return asked != null ? asked : value;
    }

    /**
     * {@code q} as the table reads it: unchanged when it names a consistency, when the default is eventual (what a
     * query naming none reads with, {@link #of(ItemQuery)}) or when it queries a global index; else asking for the
     * default.
     */
    public ItemQuery resolve(ItemQuery q, SchemaRegistry registry) {
        if (value == ReadConsistency.EVENTUAL || q.consistency().isPresent()) {
            return q;
        }
        if (q.index() != null) {
            IndexDefinition index = registry.indexDefinitions().get(q.index());
            if (index == null || !index.local()) {
                return q; // a global index reads eventually; an unknown one is refused by CheckedQuery
            }
        }
        return q.toBuilder().consistency(value).build();
    }

    /** {@code s} as the table reads it: asking for the default when it names no consistency. */
    public ItemScan resolve(ItemScan s) {
        return value == ReadConsistency.EVENTUAL || s.consistency().isPresent() ? s
                : s.toBuilder().consistency(value).build();
    }

    /** What a query {@linkplain #resolve resolved} by its table reads with. */
    public static ReadConsistency of(ItemQuery q) {
        return q.consistency().orElse(ReadConsistency.EVENTUAL);
    }

    /** What a scan {@linkplain #resolve resolved} by its table reads with. */
    public static ReadConsistency of(ItemScan s) {
        return s.consistency().orElse(ReadConsistency.EVENTUAL);
    }
}
