package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.TransactionFailedException;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A cancelled transaction (writes or reads) as {@link TransactionFailedException}: one failure per action whose
 * cancellation reason is not {@code None}, or one for the whole transaction when DynamoDB gave no reason. Pure.
 */
final class Cancellations {
    private Cancellations() {
    }

    /** Describes the failure of one action. */
    interface FailureOf<A> {
        TransactionFailedException.Failure of(int index, A action, CancellationReason reason);
    }

    /** @param whole names the transaction when no action has a reason, e.g. {@code transaction} */
    static <A> TransactionFailedException failure(TransactionCanceledException e, List<A> actions, String whole,
                                                  FailureOf<A> failureOf) {
        List<TransactionFailedException.Failure> failures = new ArrayList<>();
        List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        for (int i = 0; i < reasons.size() && i < actions.size(); i++) {
            CancellationReason r = reasons.get(i);
            if (r.code() != null && !"None".equals(r.code())) {
                failures.add(failureOf.of(i, actions.get(i), r));
            }
        }
        if (failures.isEmpty()) {
            failures.add(new TransactionFailedException.Failure(-1, whole, null, "Unknown",
                    e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage(), false));
        }
        return new TransactionFailedException(failures, e);
    }
}
