package dev.keypath.dynamodb;

import java.time.Clock;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import tools.jackson.databind.json.JsonMapper;

/**
 * The settings that {@link KeyPathTable.Builder} and {@link KeyPathAsyncTable.Builder} share. Two tables of the
 * same table name built with the same types, mapper and page-token secret read and write the same items and
 * accept each other's page tokens, whichever client they use. Not thread-safe.
 *
 * @param <B> the builder that each setter returns
 */
public interface TableBuilderSettings<B extends TableBuilderSettings<B>> {
    /**
     * The table name (required): 3 to 255 characters, each one of {@code a-z}, {@code A-Z}, {@code 0-9}, {@code _},
     * {@code .} and {@code -}, as DynamoDB requires, or a table ARN ending in such a name. {@code build()} refuses
     * any other with an {@link InvalidTableNameException}, before any request.
     */
    B tableName(String tableName);

    /**
     * What collection reads do with a stored item they cannot read; defaults to {@link UnreadableItemHandler#FAIL}.
     */
    B onUnreadableItem(UnreadableItemHandler handler);

    /**
     * Whether stored values must have their field's own type: with strict reads a number stored for a
     * {@code String}, {@code boolean} or date-time field, or text stored for a number or {@code boolean}, makes
     * the item unreadable ({@link UnreadableItemException}) instead of being converted. Off by default (Jackson's
     * lenient conversions apply), which reads items written by clients that store a looser shape.
     */
    B strictReads(boolean strict);

    /** Jackson mapper for non-key fields; defaults to a plain {@code JsonMapper}. */
    B jsonMapper(JsonMapper mapper);

    /**
     * Makes the table's {@code bootstrap()} enable its DynamoDB stream with this view type: on a new table at
     * creation, on an existing table without a stream by {@code UpdateTable}. An existing stream of another view
     * type is a {@link TableSchemaMismatchException} (DynamoDB cannot change the view type of an enabled stream).
     * Off by default: bootstrap leaves streams as they are.
     */
    B streams(StreamViewType viewType);

    /** Registers item types. */
    B register(Class<?>... types);

    /**
     * Keeps writing {@code types} (registered ones, each above version 1) at the version before their current
     * {@code @ItemType(version)}, for the length of a rolling deploy: instances still running the previous release
     * read what this one writes. Reads upgrade as always. Remove the setting once every instance runs the new code.
     * {@code build()} refuses a type whose newest version has a change that is not reversible
     * ({@link InvalidItemHistoryException}); an update that sets a field the newest version changes is refused
     * until then ({@link InvalidUpdateException}).
     */
    B writePreviousVersion(Class<?>... types);

    /**
     * Makes writes of {@code types} (registered ones) bring an item stored at an older version of the type to its
     * current version. A put stores the current version anyway. An update of an older item is sent as one
     * {@code UpdateItem} that applies the update and also rewrites the item's other attributes the newer versions
     * changed (renamed, retyped, split, merged, removed, the type name), on condition that the stored version and
     * each attribute it rewrites still hold what was read: a concurrent writer's change is never overwritten. When
     * that condition fails the item is read again (DynamoDB returns it with the failure) and the update planned over
     * what it holds now, a few times before a {@link ConditionFailedException}; an update whose own changes build on
     * a value the upgrade rewrites (an increment, an append, a nested path) upgrades the item with a conditional
     * write of its own first. Without this setting, an update of a field a newer version changed fails its condition
     * on an item stored before that version. Transactions and deletes do not upgrade. {@code build()} refuses a type
     * that is also written at its {@linkplain #writePreviousVersion previous version}
     * ({@link ConflictingTableSettingsException}). Off by default.
     */
    B upgradeOnWrite(Class<?>... types);

    /**
     * {@link #upgradeOnWrite} for every registered type above version 1. {@code build()} refuses it together with
     * {@link #writePreviousVersion} ({@link ConflictingTableSettingsException}).
     */
    B upgradeAllOnWrite();

    /**
     * Secret for page-token HMACs (at least 16 bytes). Use one secret per table, shared by all instances (sync
     * and async) that serve the same clients. Defaults to a random secret, valid only in this process.
     */
    B pageTokenSecret(byte[] secret);

    /** Retry policy of batch operations. */
    B batchPolicy(BatchPolicy policy);

    /** Clock used for TTL filtering, UUID v7 and {@code @CreatedAt}/{@code @UpdatedAt} timestamps (tests). */
    B clock(Clock clock);

    /**
     * How old the table's copy of its layout record may be when a write goes by it; default 30 seconds. The record
     * (docs/FORMAT.md, section 12) holds each type's shard layout and schema versions; the table reads it at
     * {@code bootstrap()}, before its first write, and again before a write whenever its copy is this old (one
     * strongly consistent {@code GetItem}, at most once an interval while the table writes; reads never read it).
     * A re-shard announces its switch to the new layout at least twice the longest interval recorded ahead
     * (docs/HOT-PARTITIONS.md, "Changing N"), so a longer interval makes a re-shard's switch wait longer, a shorter
     * one costs more reads. 1 millisecond to 1 hour.
     *
     * @throws IllegalArgumentException outside that range
     */
    B layoutRefresh(Duration interval);

    /**
     * Adds extensions whose hooks run on every write and read of the types they apply to, after the built-in ones,
     * in the order added. See {@link ItemExtension}.
     */
    B extensions(ItemExtension... extensions);

    /**
     * Stores the items of the types {@code codec} {@linkplain StoredItemCodec#prepare takes} in the form it encodes
     * them to (the {@code keypath-encryption} module's codec encrypts and signs them), after every extension on writes
     * and before anything on reads. One codec a table; a later call replaces an earlier one.
     */
    B storedItemCodec(StoredItemCodec codec);

    /**
     * Validates items with {@code validator} before every put (single, transactional and batch): an item with
     * constraint violations fails the write with an {@link ItemValidationException} and nothing is sent. Types
     * without constraints are not validated. Without a validator, no {@code jakarta.validation} class is loaded.
     */
    B validator(jakarta.validation.Validator validator);

    /**
     * What every request of the table asks DynamoDB to report of the capacity it consumed
     * ({@code ReturnConsumedCapacity}): {@code INDEXES} (the default) splits it between the table and each
     * secondary index, {@code TOTAL} gives totals only, {@code NONE} nothing. Asking costs no capacity. The figures
     * reach {@link Page#capacity()}, {@link UpdateResult#capacity()}, {@link SubtreeDeletion#capacity()},
     * {@link ItemSnapshot#capacity()} and the {@linkplain #operationListener listener}'s and the
     * {@linkplain #operationObserver observer}'s reports. With neither listener nor observer, only the operations
     * whose results carry capacity (pages, update results, subtree deletions, snapshots) ask; every other one (a
     * get, a put, a delete, a batch, a transaction, a read-modify-write, a count, a stream or a publisher of items)
     * asks for nothing on any request: no one could read the figure, and the SDK spends a few per cent of a small
     * call's processing on asking and on the answer.
     */
    B returnConsumedCapacity(ReturnConsumedCapacity mode);

    /**
     * The consistency of every read that names none: a {@code get}, a {@code batchGet}, a projected read, a query
     * or count of the table or a local index, a scan, the key reads of {@code deleteSubtree}. Defaults to
     * {@link ReadConsistency#EVENTUAL}, DynamoDB's own default: half the read units of a strongly consistent read,
     * which may miss a write of the last second or so. A read that names its consistency reads with it, and a global
     * index is always read eventually consistent. The table's own reads that must see the latest write read strongly
     * consistent whatever this says: the read of a read-checked transaction and of a read-modify-write, the alias
     * reads of a unique key path ({@code getByAlias} included) and of a write that keeps them, the probe of a
     * sequence id, the read an update makes of a missing nested value or of an item it upgrades, and the moves of a
     * re-shard.
     */
    B readConsistency(ReadConsistency consistency);

    /**
     * Tells {@code listener} of every logical operation once it has ended: its access pattern, outcome, duration
     * and capacity ({@link OperationReport}). None by default; without one no report is built.
     */
    B operationListener(OperationListener listener);

    /**
     * Tells {@code observer} of every logical operation from its start, before its first request, to its end,
     * with each request it sends in between ({@link OperationObserver}): what a tracing or metrics library needs to
     * span an operation. None by default; without one nothing is started or allocated. It may be set together with
     * a {@linkplain #operationListener listener}: both are told.
     */
    B operationObserver(OperationObserver observer);
}
