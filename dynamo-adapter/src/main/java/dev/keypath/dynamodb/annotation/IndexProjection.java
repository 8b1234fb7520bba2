package dev.keypath.dynamodb.annotation;

/**
 * Which attributes a secondary index holds besides its keys ({@link SecondaryKeyPath#projection()}).
 *
 * <p>Every projection also holds the table's key ({@code pk}/{@code sk}), the index's key and the two reserved
 * attributes {@code _type} and {@code _ttl}, so a query of the index can tell item types apart and leave out
 * expired items. A query that returns items from a {@link #KEYS_ONLY} or {@link #INCLUDE} index reads the full
 * items by key after the index page (see {@code KeyPathTable.query}); {@code KeyPathTable.queryKeys} returns the
 * keys alone; a query of a projection whose view reads only what the index holds is answered by the index alone.
 */
public enum IndexProjection {
    /** Every attribute of the item: an index page is a page of whole items (the default). */
    ALL,
    /** Keys only (plus {@code _type} and {@code _ttl}): the smallest index. */
    KEYS_ONLY,
    /** Keys plus the attributes named in {@link SecondaryKeyPath#include()}. */
    INCLUDE
}
