package dev.keypath.spring.web;

import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemTooLargeException;
import dev.keypath.dynamodb.ItemValidationException;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.KeyTooLargeException;
import dev.keypath.dynamodb.ReadConflictException;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.TransactionTooLargeException;
import dev.keypath.dynamodb.UnreadableItemException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * keypath's failures as RFC 9457 problem details ({@code application/problem+json}), by what they mean for the
 * client, with keypath's message as the detail and the item's key path as the {@code keyPath} property:
 * <ul>
 *   <li>400: a page token that is not one of this application's ({@link InvalidPageTokenException}), an item that
 *       fails Bean Validation ({@link ItemValidationException}; each violation under {@code errors});</li>
 *   <li>409: a write whose condition failed — a duplicate key (create-only put, unique key path), a version
 *       conflict, another condition ({@link ConditionFailedException}) — a cancelled transaction
 *       ({@link TransactionFailedException}) and a unit whose read items changed ({@link ReadConflictException});</li>
 *   <li>413: an item, key or transaction over DynamoDB's limits ({@link ItemTooLargeException},
 *       {@link KeyTooLargeException}, {@link TransactionTooLargeException});</li>
 *   <li>500: a stored item that cannot be read ({@link UnreadableItemException}), the server's fault.</li>
 * </ul>
 * Both keypath's own exceptions and the Spring {@link DataAccessException}s the repositories translate them into are
 * handled; any other exception, and a {@code DataAccessException} of another store, is left to the application (it
 * is rethrown as it came). keypath's auto-configuration registers this advice in servlet web applications unless
 * {@code keypath.dynamodb.problem-details.enabled=false}; it has the lowest precedence, so a handler of the
 * application's own for the same exception (in a controller, or in an advice with a higher {@link Order}) wins.
 * Stateless; thread-safe.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class KeyPathProblemDetails {
    /** The problem of {@code failure} if keypath caused it; else {@code failure} is rethrown. */
    @ExceptionHandler({KeyPathDynamoException.class, DataAccessException.class})
    public ResponseEntity<ProblemDetail> handle(Exception failure) throws Exception {
        Optional<ProblemDetail> problem = problemOf(failure);
        if (problem.isEmpty()) {
            throw failure;
        }
        return ResponseEntity.status(problem.get().getStatus()).contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(problem.get());
    }

    /**
     * The problem detail of {@code failure}: found from the first keypath exception in its causes, with the status
     * the list above gives; empty when no keypath exception caused it or keypath's exception has no status here.
     */
    public static Optional<ProblemDetail> problemOf(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof KeyPathDynamoException keypath) {
                return statusOf(keypath).map(status -> problem(status, keypath));
            }
        }
        return Optional.empty();
    }

    private static Optional<HttpStatus> statusOf(KeyPathDynamoException e) {
        if (e instanceof InvalidPageTokenException || e instanceof ItemValidationException) {
            return Optional.of(HttpStatus.BAD_REQUEST);
        }
        if (e instanceof ConditionFailedException || e instanceof TransactionFailedException) {
            return Optional.of(HttpStatus.CONFLICT);
        }
        if (e instanceof ItemTooLargeException || e instanceof KeyTooLargeException
                || e instanceof TransactionTooLargeException) {
            return Optional.of(HttpStatus.CONTENT_TOO_LARGE);
        }
        if (e instanceof UnreadableItemException) {
            return Optional.of(HttpStatus.INTERNAL_SERVER_ERROR);
        }
        return Optional.empty();
    }

    private static ProblemDetail problem(HttpStatus status, KeyPathDynamoException keypath) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, keypath.getMessage());
        keypath.keyPath().ifPresent(path -> p.setProperty("keyPath", path.toString()));
        if (keypath instanceof ItemValidationException invalid) {
            Map<String, String> errors = new LinkedHashMap<>();
            invalid.violations().forEach(v -> errors.merge(v.property(), v.message(), (a, b) -> a + "; " + b));
            p.setProperty("errors", errors);
        }
        return p;
    }
}
