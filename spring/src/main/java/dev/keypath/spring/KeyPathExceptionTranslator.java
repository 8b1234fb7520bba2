package dev.keypath.spring;

import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.IdAllocationException;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemTooLargeException;
import dev.keypath.dynamodb.ItemValidationException;
import dev.keypath.dynamodb.KeyTooLargeException;
import dev.keypath.dynamodb.ReadConflictException;
import dev.keypath.dynamodb.ReshardInProgressException;
import dev.keypath.dynamodb.StoredKeyException;
import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.TransactionTooLargeException;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.UniqueKeyWriteException;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.WriteOutcomeUnknownException;
import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DataRetrievalFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * The one place where keypath's and the AWS SDK's exceptions become Spring's {@link DataAccessException}s. A keypath
 * exception becomes what its {@link KeyPathFailureCategory} says (the category that problem details read too):
 *
 * <table>
 *   <caption>Translation</caption>
 *   <tr><th>thrown</th><th>translated to</th></tr>
 *   <tr><td>{@link VersionConflictException}</td><td>{@link OptimisticLockingFailureException}, or
 *       {@link DuplicateKeyException} for a create-only write of a new item</td></tr>
 *   <tr><td>{@link ConditionFailedException} of a create-only write</td><td>{@link DuplicateKeyException}</td></tr>
 *   <tr><td>other {@link ConditionFailedException}</td><td>{@link DataIntegrityViolationException}</td></tr>
 *   <tr><td>{@link UniqueKeyConflictException}</td><td>{@link DuplicateKeyException}</td></tr>
 *   <tr><td>{@link ReadConflictException} (an item a unit read changed before its commit)</td>
 *       <td>{@link KeyPathReadConflictException}, an {@link OptimisticLockingFailureException}</td></tr>
 *   <tr><td>{@link TransactionFailedException}</td><td>optimistic locking, duplicate key (create-only put),
 *       integrity violation, {@link ConcurrencyFailureException} (transaction conflict) or
 *       {@link TransientDataAccessResourceException} (throttling), keeping the adapter's message that names
 *       each failed action</td></tr>
 *   <tr><td>{@link KeyTooLargeException}, {@link ItemTooLargeException}, {@link TransactionTooLargeException},
 *       {@link IdAllocationException}</td><td>{@link DataIntegrityViolationException}</td></tr>
 *   <tr><td>{@link UnreadableItemException}, {@link StoredKeyException} (what is stored cannot be read)</td>
 *       <td>{@link DataRetrievalFailureException}</td></tr>
 *   <tr><td>{@link InvalidPageTokenException}, {@link ItemMappingException} (also an update's
 *       {@link InvalidUpdateException}), {@link UnknownItemTypeException}, {@link UniqueKeyWriteException},
 *       invalid table settings and names</td><td>{@link InvalidDataAccessApiUsageException}</td></tr>
 *   <tr><td>{@link TableSchemaMismatchException}, SDK {@code ResourceNotFoundException}</td>
 *       <td>{@link InvalidDataAccessResourceUsageException}</td></tr>
 *   <tr><td>{@link BatchIncompleteException}, {@link ReshardInProgressException}, SDK throttling</td>
 *       <td>{@link TransientDataAccessResourceException}</td></tr>
 *   <tr><td>SDK client failures (network, credentials)</td><td>{@link DataAccessResourceFailureException}</td></tr>
 *   <tr><td>{@link WriteOutcomeUnknownException} (a write whose answer was lost: applied once or not at all)</td>
 *       <td>{@link UncategorizedKeyPathDynamoException}, not transient: a blind retry could apply it twice</td></tr>
 *   <tr><td>{@link ItemValidationException}</td><td>not translated: the caller's input, with its violations</td></tr>
 *   <tr><td>any other DynamoDB exception</td><td>{@link UncategorizedKeyPathDynamoException}</td></tr>
 * </table>
 *
 * <p>Exceptions of other origins are not translated ({@code null}), as {@link PersistenceExceptionTranslator}
 * requires. Stateless and thread-safe.
 */
public class KeyPathExceptionTranslator implements PersistenceExceptionTranslator {
    private static final String CONDITION_FAILED = "ConditionalCheckFailed";

    @Override
    public DataAccessException translateExceptionIfPossible(RuntimeException ex) {
        return translate(ex, false);
    }

    /**
     * Translates {@code ex}; {@code createOnly} says whether the failed call was a create-only write, whose
     * condition failure means "an item already exists at this key path".
     *
     * @return the translated exception, or {@code null} if {@code ex} is not a data-access failure
     */
    public DataAccessException translate(RuntimeException ex, boolean createOnly) {
        if (ex instanceof DataAccessException dae) {
            return dae;
        }
        Optional<KeyPathFailureCategory> category = KeyPathFailureCategory.of(ex);
        if (category.isPresent()) {
            return translateKeyPath(ex, category.get(), createOnly);
        }
        if (ex instanceof ProvisionedThroughputExceededException || ex instanceof RequestLimitExceededException) {
            return new TransientDataAccessResourceException("DynamoDB throttled the request: " + ex.getMessage(), ex);
        }
        if (ex instanceof ResourceNotFoundException) {
            return new InvalidDataAccessResourceUsageException("DynamoDB table or index not found (set "
                    + "keypath.dynamodb.create-table-if-missing=true or create it): " + ex.getMessage(), ex);
        }
        if (ex instanceof DynamoDbException) {
            return new UncategorizedKeyPathDynamoException("DynamoDB request failed: " + ex.getMessage(), ex);
        }
        if (ex instanceof SdkClientException) {
            return new DataAccessResourceFailureException("Could not reach DynamoDB: " + ex.getMessage(), ex);
        }
        return null;
    }

    private DataAccessException translateKeyPath(RuntimeException ex, KeyPathFailureCategory category,
                                                 boolean createOnly) {
        String msg = ex.getMessage();
        return switch (category) {
            case INVALID_ITEM, NOT_DATA_ACCESS -> null; // the caller's input as it is, or not a data-access failure
            case INVALID_REQUEST, API_MISUSE -> new InvalidDataAccessApiUsageException(msg, ex);
            case DUPLICATE_KEY -> new DuplicateKeyException(msg, ex);
            // A create-only write of a new versioned item fails its "no item yet" check: that is a duplicate.
            case VERSION_CONFLICT -> createOnly && ex instanceof VersionConflictException v && v.expectedVersion() == 0
                    ? new DuplicateKeyException(msg, ex) : new OptimisticLockingFailureException(msg, ex);
            case CONDITION_FAILED -> createOnly ? new DuplicateKeyException(msg, ex)
                    : new DataIntegrityViolationException(msg, ex);
            case TRANSACTION_CANCELLED, READ_CONFLICT -> ex instanceof TransactionFailedException tx
                    ? translateTransaction(tx, index -> createOnly) : new UncategorizedKeyPathDynamoException(msg, ex);
            case WRITE_CONFLICT -> new ConcurrencyFailureException(msg, ex);
            case IDS_TAKEN, TOO_LARGE -> new DataIntegrityViolationException(msg, ex);
            // what is stored is at fault, not the request: a server-side failure naming the key path
            case UNREADABLE -> new DataRetrievalFailureException(msg, ex);
            case WRONG_RESOURCE -> new InvalidDataAccessResourceUsageException(msg, ex);
            case TRANSIENT -> new TransientDataAccessResourceException(msg, ex);
            case UNCATEGORIZED -> new UncategorizedKeyPathDynamoException(msg, ex);
        };
    }

    /** Translates a failed transaction; {@code createOnlyAction} tells which action indexes were create-only puts. */
    DataAccessException translateTransaction(TransactionFailedException ex, IntPredicate createOnlyAction) {
        if (ex instanceof ReadConflictException conflict) {
            return new KeyPathReadConflictException(conflict);
        }
        String msg = ex.getMessage();
        List<TransactionFailedException.Failure> conditionFailures = ex.failures().stream()
                .filter(f -> CONDITION_FAILED.equals(f.code())).toList();
        if (!conditionFailures.isEmpty()) {
            if (conditionFailures.stream().allMatch(f -> createOnlyAction.test(f.index()))) {
                return new DuplicateKeyException(msg, ex);
            }
            boolean versionFailure = conditionFailures.stream()
                    .anyMatch(f -> f.versionCheck() && !createOnlyAction.test(f.index()));
            return versionFailure ? new OptimisticLockingFailureException(msg, ex)
                    : new DataIntegrityViolationException(msg, ex);
        }
        boolean conflict = ex.failures().stream().anyMatch(f -> "TransactionConflict".equals(f.code()));
        if (conflict) {
            return new ConcurrencyFailureException(msg, ex);
        }
        boolean throttled = ex.failures().stream().anyMatch(f -> f.code() != null
                && (f.code().contains("Throttl") || f.code().contains("ProvisionedThroughput")));
        if (throttled) {
            return new TransientDataAccessResourceException(msg, ex);
        }
        boolean invalid = ex.failures().stream().anyMatch(f -> "ValidationError".equals(f.code()));
        return invalid ? new InvalidDataAccessApiUsageException(msg, ex) : new UncategorizedKeyPathDynamoException(msg, ex);
    }
}
