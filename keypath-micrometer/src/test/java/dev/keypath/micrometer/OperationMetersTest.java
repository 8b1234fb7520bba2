package dev.keypath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.TransactionFailedException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link OperationMeters} keeps one timer per outcome and error type: a transaction cancelled by a condition and one
 * cancelled for another reason throw the same exception class, yet are timed under their own outcomes.
 */
class OperationMetersTest {
    private static OperationReport transaction(String code) {
        TransactionFailedException error = new TransactionFailedException(List.of(new TransactionFailedException
                .Failure(0, "Put", KeyPath.of("user", 1), code, null, false)), null);
        return new OperationReport(OperationKind.TRANSACT_WRITE, null, "app", null, null, "transactWrite",
                OperationReport.Outcome.of(error), error, Duration.ofMillis(3), OperationCapacity.NONE, 0, 0, 1, 0);
    }

    @Test
    void aTransactionFailureIsTimedUnderItsOwnOutcomeWhateverCameFirst() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        OperationMeters meters = new OperationMeters(registry);
        meters.record(transaction("ConditionalCheckFailed"), true);
        meters.record(transaction("TransactionConflict"), true);
        assertThat(registry.get(KeyPathObservations.OPERATION).tag("keypath.outcome", "condition_failed").timer()
                .count()).isEqualTo(1);
        assertThat(registry.get(KeyPathObservations.OPERATION).tag("keypath.outcome", "error").timer().count())
                .isEqualTo(1);
    }
}
