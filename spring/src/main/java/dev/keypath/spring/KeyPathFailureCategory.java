package dev.keypath.spring;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DataRetrievalFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.dao.TransientDataAccessResourceException;

/**
 * What a failure of keypath means for its caller: one category per public exception type of keypath's modules,
 * read both by {@link KeyPathExceptionTranslator} (the Spring {@link DataAccessException} it becomes) and by
 * {@code dev.keypath.spring.web.KeyPathProblemDetails} (the HTTP status of its problem), so that the two cannot
 * disagree. An exception type takes the category declared for it, else the one of its nearest declared superclass;
 * types of modules the application does not have are named by class name, so none of them is loaded here.
 *
 * <table>
 *   <caption>Categories</caption>
 *   <tr><th>category</th><th>Spring exception</th><th>HTTP status</th></tr>
 *   <tr><td>{@link #INVALID_ITEM}</td><td>none: not a data-access failure</td><td>400</td></tr>
 *   <tr><td>{@link #INVALID_REQUEST}</td><td>{@link InvalidDataAccessApiUsageException}</td><td>400</td></tr>
 *   <tr><td>{@link #DUPLICATE_KEY}</td><td>{@link DuplicateKeyException}</td><td>409</td></tr>
 *   <tr><td>{@link #VERSION_CONFLICT}</td><td>{@link OptimisticLockingFailureException}</td><td>409</td></tr>
 *   <tr><td>{@link #CONDITION_FAILED}</td><td>{@link DataIntegrityViolationException}</td><td>409</td></tr>
 *   <tr><td>{@link #TRANSACTION_CANCELLED}</td><td>by its failed actions</td><td>409</td></tr>
 *   <tr><td>{@link #READ_CONFLICT}</td><td>{@link KeyPathReadConflictException}</td><td>409</td></tr>
 *   <tr><td>{@link #WRITE_CONFLICT}</td><td>{@link ConcurrencyFailureException}</td><td>409</td></tr>
 *   <tr><td>{@link #IDS_TAKEN}</td><td>{@link DataIntegrityViolationException}</td><td>409</td></tr>
 *   <tr><td>{@link #TOO_LARGE}</td><td>{@link DataIntegrityViolationException}</td><td>413</td></tr>
 *   <tr><td>{@link #UNREADABLE}</td><td>{@link DataRetrievalFailureException}</td><td>500</td></tr>
 *   <tr><td>{@link #API_MISUSE}</td><td>{@link InvalidDataAccessApiUsageException}</td><td>none</td></tr>
 *   <tr><td>{@link #WRONG_RESOURCE}</td><td>{@link InvalidDataAccessResourceUsageException}</td><td>none</td></tr>
 *   <tr><td>{@link #TRANSIENT}</td><td>{@link TransientDataAccessResourceException}</td><td>none</td></tr>
 *   <tr><td>{@link #UNCATEGORIZED}</td><td>{@link UncategorizedKeyPathDynamoException}</td><td>none</td></tr>
 *   <tr><td>{@link #NOT_DATA_ACCESS}</td><td>none</td><td>none</td></tr>
 * </table>
 * "None" as the status means that problem details leave the failure to the application (a server error unless it
 * handles it).
 */
public enum KeyPathFailureCategory {
    /** An item that fails Bean Validation before a write: the caller's input, with its violations. */
    INVALID_ITEM(null, 400),
    /** A request the client made wrongly, such as a page token this application did not issue. */
    INVALID_REQUEST(InvalidDataAccessApiUsageException.class, 400),
    /** A unique key path another item already holds. */
    DUPLICATE_KEY(DuplicateKeyException.class, 409),
    /** An optimistic-locking check failed ({@link DuplicateKeyException} for the create-only write of a new item). */
    VERSION_CONFLICT(OptimisticLockingFailureException.class, 409),
    /** A write's condition was false ({@link DuplicateKeyException} for a create-only write). */
    CONDITION_FAILED(DataIntegrityViolationException.class, 409),
    /** A cancelled transaction: its Spring exception follows its failed actions' reasons. */
    TRANSACTION_CANCELLED(DataAccessException.class, 409),
    /** Items a unit of work read changed before it committed. */
    READ_CONFLICT(KeyPathReadConflictException.class, 409),
    /** Other writers kept changing an item as it was being rewritten. */
    WRITE_CONFLICT(ConcurrencyFailureException.class, 409),
    /** Every sequence id tried was already taken by an item written without the counter. */
    IDS_TAKEN(DataIntegrityViolationException.class, 409),
    /** An item, key or transaction over DynamoDB's limits, refused before any request. */
    TOO_LARGE(DataIntegrityViolationException.class, 413),
    /** What is stored (an item, its key, a change record, an export file) cannot be read: the server's fault. */
    UNREADABLE(DataRetrievalFailureException.class, 500),
    /** The application uses keypath wrongly: a type, declaration, setting or argument that cannot work. */
    API_MISUSE(InvalidDataAccessApiUsageException.class, 0),
    /** A table, stream or checkpoint that is not the one the call needs. */
    WRONG_RESOURCE(InvalidDataAccessResourceUsageException.class, 0),
    /** A call that may succeed later without any change: a batch past its deadline, a re-shard under way. */
    TRANSIENT(TransientDataAccessResourceException.class, 0),
    /**
     * A failure no more specific category fits, among them a write whose answer was lost (applied once or not at
     * all: not transient, since a blind retry could apply it twice) and a run whose thread was interrupted.
     */
    UNCATEGORIZED(UncategorizedKeyPathDynamoException.class, 0),
    /** Not a data-access failure (a startup failure): neither translated nor answered as a problem. */
    NOT_DATA_ACCESS(null, 0);

    /** Every public exception type of keypath's modules, by class name, with its category. */
    private static final Map<String, KeyPathFailureCategory> DECLARED = Map.ofEntries(
            // keypath (the core)
            Map.entry("dev.keypath.KeyPathFormatException", API_MISUSE),
            // keypath-dynamo-adapter
            Map.entry("dev.keypath.dynamodb.KeyPathDynamoException", UNCATEGORIZED),
            Map.entry("dev.keypath.dynamodb.BatchIncompleteException", TRANSIENT),
            Map.entry("dev.keypath.dynamodb.ConditionFailedException", CONDITION_FAILED),
            Map.entry("dev.keypath.dynamodb.ConflictingTableSettingsException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.IdAllocationException", IDS_TAKEN),
            Map.entry("dev.keypath.dynamodb.InvalidConditionException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.InvalidItemHistoryException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.InvalidPageTokenException", INVALID_REQUEST),
            Map.entry("dev.keypath.dynamodb.InvalidProjectionException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.InvalidTableNameException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.InvalidUpdateException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.ItemMappingException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.ItemTooLargeException", TOO_LARGE),
            Map.entry("dev.keypath.dynamodb.ItemValidationException", INVALID_ITEM),
            Map.entry("dev.keypath.dynamodb.KeyPathMismatchException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.KeyTooLargeException", TOO_LARGE),
            Map.entry("dev.keypath.dynamodb.NewerItemVersionException", CONDITION_FAILED),
            Map.entry("dev.keypath.dynamodb.RandomShardException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.ReadConflictException", READ_CONFLICT),
            Map.entry("dev.keypath.dynamodb.ReshardInProgressException", TRANSIENT),
            Map.entry("dev.keypath.dynamodb.ShardDeclarationException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.StoredKeyException", UNREADABLE),
            Map.entry("dev.keypath.dynamodb.TableLayoutMismatchException", WRONG_RESOURCE),
            Map.entry("dev.keypath.dynamodb.TableSchemaMismatchException", WRONG_RESOURCE),
            Map.entry("dev.keypath.dynamodb.TransactionFailedException", TRANSACTION_CANCELLED),
            Map.entry("dev.keypath.dynamodb.TransactionTooLargeException", TOO_LARGE),
            Map.entry("dev.keypath.dynamodb.UniqueKeyConflictException", DUPLICATE_KEY),
            Map.entry("dev.keypath.dynamodb.UniqueKeyWriteException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.UnknownItemTypeException", API_MISUSE),
            Map.entry("dev.keypath.dynamodb.UnreadableItemException", UNREADABLE),
            Map.entry("dev.keypath.dynamodb.VersionConflictException", VERSION_CONFLICT),
            Map.entry("dev.keypath.dynamodb.WriteOutcomeUnknownException", UNCATEGORIZED),
            // keypath-streams
            Map.entry("dev.keypath.streams.ChangeFeedException", WRONG_RESOURCE),
            Map.entry("dev.keypath.streams.InvalidCheckpointException", API_MISUSE),
            Map.entry("dev.keypath.streams.UnreadableChangeException", UNREADABLE),
            // keypath-export
            Map.entry("dev.keypath.export.ExportFormatException", UNREADABLE),
            // keypath-migrate
            Map.entry("dev.keypath.migrate.CheckpointMismatchException", API_MISUSE),
            Map.entry("dev.keypath.migrate.MappingDeclarationException", API_MISUSE),
            Map.entry("dev.keypath.migrate.MigrationInterruptedException", UNCATEGORIZED),
            Map.entry("dev.keypath.migrate.RewriteConflictException", WRITE_CONFLICT),
            Map.entry("dev.keypath.migrate.TargetTableException", WRONG_RESOURCE),
            // keypath-spring
            Map.entry("dev.keypath.spring.autoconfigure.UnsupportedSpringBootException", NOT_DATA_ACCESS));

    private final Class<? extends DataAccessException> translatedTo;
    private final int status;

    KeyPathFailureCategory(Class<? extends DataAccessException> translatedTo, int status) {
        this.translatedTo = translatedTo;
        this.status = status;
    }

    /**
     * The category of {@code failure}'s type (declared for it or for its nearest declared superclass); empty when
     * the type is not keypath's.
     */
    public static Optional<KeyPathFailureCategory> of(Throwable failure) {
        for (Class<?> type = failure.getClass(); type != null; type = type.getSuperclass()) {
            KeyPathFailureCategory category = DECLARED.get(type.getName());
            if (category != null) {
                return Optional.of(category);
            }
        }
        return Optional.empty();
    }

    /** Whether a category is declared for {@code type} itself, not only for a superclass of it. */
    public static boolean isDeclaredFor(Class<? extends Throwable> type) {
        return DECLARED.containsKey(type.getName());
    }

    /**
     * The Spring exception a failure of this category becomes (for {@link #TRANSACTION_CANCELLED}, the most
     * specific one depends on the failed actions); empty when it is not translated.
     */
    public Optional<Class<? extends DataAccessException>> translatedTo() {
        return Optional.ofNullable(translatedTo);
    }

    /** The HTTP status of a failure of this category's problem; empty when problem details leave it alone. */
    public OptionalInt status() {
        return status == 0 ? OptionalInt.empty() : OptionalInt.of(status);
    }
}
