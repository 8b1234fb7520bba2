package dev.keypath.dynamodb.internal.schema;

import java.util.Set;

/** Names and limits shared by every part of the adapter (the table layout in one place). */
public final class TableAttributes {
    /** Partition key attribute (B): encoding of the key path's first element. */
    public static final String PK = "pk";
    /** Sort key attribute (B): encoding of the remaining elements ({0x00} for one-element paths). */
    public static final String SK = "sk";
    /** Item type name attribute (S). */
    public static final String TYPE = "_type";
    /** Version of an item's stored form (N); an item without it is at version 1 ({@code @ItemType(version)}). */
    public static final String SCHEMA_VERSION = "_kp_v";
    /** Table-wide TTL attribute (N, epoch seconds). */
    public static final String TTL = "_ttl";
    /** Suffix of a GSI's partition key attribute: {@code <index>_pk}. */
    public static final String GSI_PK_SUFFIX = "_pk";
    /** Suffix of a GSI's sort key attribute: {@code <index>_sk}. */
    public static final String GSI_SK_SUFFIX = "_sk";
    /** Type name of per-parent sequence counter items. */
    public static final String SEQUENCE_TYPE = "_kp_sequence";
    /** Namespace of the partition that holds a sequence counter. */
    public static final String SEQUENCE_NAMESPACE = "_kp_seq";

    /** Type name of the table's layout record, which holds each type's shard layout and schema versions. */
    public static final String LAYOUT_TYPE = "_kp_layout";
    /** Namespace of the key path of the table's layout record, {@code /_kp_layout-table}. */
    public static final String LAYOUT_NAMESPACE = "_kp_layout";
    /** The start of the namespaces of keypath's own items; no item type's key path may start with one. */
    public static final String RESERVED_NAMESPACE_PREFIX = "_kp_";

    /** List of the alternate key paths (S, canonical text) an item of a type with unique key paths holds. */
    public static final String ALIASES = "_kp_aliases";
    /** Type name of alias items, which point from an alternate key path to an item. */
    public static final String ALIAS_TYPE = "_kp_alias";
    /** Namespace of the partition that holds an alias item. */
    public static final String ALIAS_NAMESPACE = "_kp_alias";
    /**
     * The type names of keypath's own items (sequence counters, alias items, the layout record): the one list of
     * them. Collection reads, counts, {@code readStoredItem} and the export's typed readers leave these items out;
     * copies of a table (export, import, {@code batchPutStored}) carry them over unchanged.
     */
    public static final Set<String> INTERNAL_TYPES = Set.of(SEQUENCE_TYPE, ALIAS_TYPE, LAYOUT_TYPE);
    /** Alias item attribute (B): the {@code pk} of the item it points at. */
    public static final String ALIAS_TARGET_PK = "tpk";
    /** Alias item attribute (B): the {@code sk} of the item it points at. */
    public static final String ALIAS_TARGET_SK = "tsk";
    /** Alias item attribute (S): the type name of the item it points at. */
    public static final String ALIAS_TARGET_TYPE = "tt";

    /** DynamoDB limit on a partition key value, in bytes. */
    public static final int MAX_PARTITION_KEY = 2048;
    /** DynamoDB limit on a sort key value, in bytes. */
    public static final int MAX_SORT_KEY = 1024;
    /** DynamoDB limit on an item, in bytes (400 KB). */
    public static final long MAX_ITEM = 400 * 1024;
    /** Largest BatchGetItem request. */
    public static final int BATCH_GET_CHUNK = 100;
    /** Largest BatchWriteItem request. */
    public static final int BATCH_WRITE_CHUNK = 25;
    /** Largest TransactWriteItems request. */
    public static final int MAX_TRANSACTION_ACTIONS = 100;
    /** DynamoDB limit on the aggregate size of a transaction's items, in bytes (4 MB). */
    public static final long MAX_TRANSACTION_SIZE = 4 * 1024 * 1024;

    private TableAttributes() {
    }

    /** Whether a stored item of this type name is one of keypath's own ({@link #INTERNAL_TYPES}). */
    public static boolean isInternalType(String typeName) {
        return typeName != null && INTERNAL_TYPES.contains(typeName);
    }

    public static String gsiPk(String index) {
        return index + GSI_PK_SUFFIX;
    }

    public static String gsiSk(String index) {
        return index + GSI_SK_SUFFIX;
    }
}
