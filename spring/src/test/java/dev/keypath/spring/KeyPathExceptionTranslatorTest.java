package dev.keypath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.ReadConflictException;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.TransactionFailedException.Failure;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.WriteOutcomeUnknownException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.dao.TransientDataAccessResourceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

class KeyPathExceptionTranslatorTest {
    private final KeyPathExceptionTranslator translator = new KeyPathExceptionTranslator();
    private final KeyPath path = KeyPath.of("user", 1).then("post", 2);

    private static Failure failure(int index, String code, boolean versionCheck) {
        return new Failure(index, "put", KeyPath.of("user", 1).then("post", index), code, "msg", versionCheck);
    }

    @Test
    void versionConflicts() {
        assertThat(translator.translateExceptionIfPossible(new VersionConflictException(path, 3, null)))
                .isInstanceOf(OptimisticLockingFailureException.class).hasMessageContaining("/user-1/post-2");
        assertThat(translator.translate(new VersionConflictException(path, 0, null), true))
                .isInstanceOf(DuplicateKeyException.class);
        assertThat(translator.translate(new VersionConflictException(path, 4, null), true))
                .isInstanceOf(OptimisticLockingFailureException.class);
    }

    @Test
    void conditionFailures() {
        ConditionFailedException e = new ConditionFailedException("exists", path, null);
        assertThat(translator.translate(e, true)).isInstanceOf(DuplicateKeyException.class);
        assertThat(translator.translate(e, false)).isInstanceOf(DataIntegrityViolationException.class);
    }

    @Test
    void aTakenUniqueKeyPathIsADuplicateKeyAndAnUnkeepableWriteAMisuse() {
        var taken = new dev.keypath.dynamodb.UniqueKeyConflictException("User", KeyPath.of("email", "a@b.c"), path, null);
        assertThat(translator.translate(taken, false)).isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("/email-a@b.c");
        assertThat(translator.translateExceptionIfPossible(new dev.keypath.dynamodb.UniqueKeyWriteException("batch",
                path))).isInstanceOf(InvalidDataAccessApiUsageException.class);
    }

    @Test
    void transactionFailuresByCode() {
        TransactionFailedException version = new TransactionFailedException(
                List.of(failure(0, "ConditionalCheckFailed", true)), null);
        assertThat(translator.translateTransaction(version, i -> false))
                .isInstanceOf(OptimisticLockingFailureException.class).hasMessageContaining("action 0");
        assertThat(translator.translateTransaction(version, i -> i == 0)).isInstanceOf(DuplicateKeyException.class);
        TransactionFailedException plain = new TransactionFailedException(
                List.of(failure(1, "ConditionalCheckFailed", false)), null);
        assertThat(translator.translateTransaction(plain, i -> false))
                .isInstanceOf(DataIntegrityViolationException.class);
        assertThat(translator.translateTransaction(new TransactionFailedException(
                List.of(failure(0, "TransactionConflict", false)), null), i -> false))
                .isInstanceOf(ConcurrencyFailureException.class);
        assertThat(translator.translateTransaction(new TransactionFailedException(
                List.of(failure(0, "ThrottlingError", false)), null), i -> false))
                .isInstanceOf(TransientDataAccessResourceException.class);
        assertThat(translator.translateTransaction(new TransactionFailedException(
                List.of(failure(0, "ValidationError", false)), null), i -> false))
                .isInstanceOf(InvalidDataAccessApiUsageException.class);
        assertThat(translator.translateTransaction(new TransactionFailedException(
                List.of(failure(0, "SomethingNew", false)), null), i -> false))
                .isInstanceOf(UncategorizedKeyPathDynamoException.class);
    }

    @Test
    void aReadConflictIsATypedOptimisticLockingFailureNamingTheChangedItems() {
        KeyPath changed = KeyPath.of("user", 1).then("post", 0);
        ReadConflictException conflict = new ReadConflictException(
                List.of(failure(0, "ConditionalCheckFailed", false)), List.of(changed), null);
        for (DataAccessException translated : List.of(translator.translate(conflict, false),
                translator.translateTransaction(conflict, i -> false))) {
            assertThat(translated).isInstanceOfSatisfying(KeyPathReadConflictException.class, e -> {
                assertThat(e).isInstanceOf(OptimisticLockingFailureException.class);
                assertThat(e.changedItems()).containsExactly(changed);
                assertThat(e.getMessage()).contains("changed before its commit").contains(changed.toString());
            });
        }
    }

    @Test
    void usageAndResourceErrors() {
        assertThat(translator.translateExceptionIfPossible(new InvalidPageTokenException("tampered")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class);
        assertThat(translator.translateExceptionIfPossible(new ItemMappingException("bad")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class);
        assertThat(translator.translateExceptionIfPossible(new UnknownItemTypeException("unknown", path)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class);
        assertThat(translator.translateExceptionIfPossible(new BatchIncompleteException("late", List.of(path), null)))
                .isInstanceOf(TransientDataAccessResourceException.class);
        assertThat(translator.translateExceptionIfPossible(new KeyPathDynamoException("other", null)))
                .isInstanceOf(UncategorizedKeyPathDynamoException.class);
    }

    @Test
    void sdkExceptions() {
        assertThat(translator.translateExceptionIfPossible(ResourceNotFoundException.builder().message("no table").build()))
                .isInstanceOf(InvalidDataAccessResourceUsageException.class).hasMessageContaining("create-table-if-missing");
        assertThat(translator.translateExceptionIfPossible(
                ProvisionedThroughputExceededException.builder().message("slow down").build()))
                .isInstanceOf(TransientDataAccessResourceException.class);
        assertThat(translator.translateExceptionIfPossible(DynamoDbException.builder().message("x").build()))
                .isInstanceOf(UncategorizedKeyPathDynamoException.class);
        assertThat(translator.translateExceptionIfPossible(SdkClientException.create("no network")))
                .isInstanceOf(DataAccessResourceFailureException.class);
    }

    @Test
    void aWriteWhoseOutcomeIsUnknownIsNeitherAConflictNorTransient() {
        DataAccessException e = translator.translateExceptionIfPossible(new WriteOutcomeUnknownException(
                "answer lost", path, null));
        assertThat(e).isInstanceOf(UncategorizedKeyPathDynamoException.class)
                .isNotInstanceOf(ConcurrencyFailureException.class).isNotInstanceOf(TransientDataAccessException.class)
                .hasMessageContaining("/user-1/post-2");
    }

    @Test
    void foreignExceptionsAreNotTranslated() {
        assertThat(translator.translateExceptionIfPossible(new IllegalStateException("not ours"))).isNull();
    }
}
