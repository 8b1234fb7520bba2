package dev.keypath.spring.web;

import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.IdAllocationException;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemTooLargeException;
import dev.keypath.dynamodb.ItemValidationException;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.KeyTooLargeException;
import dev.keypath.dynamodb.ReadConflictException;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.TransactionTooLargeException;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.spring.KeyPathFailureCategory;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
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
 * client: the status of each is its {@link KeyPathFailureCategory}'s, the category the exception translator reads
 * too.
 * <ul>
 *   <li>400: a page token that is not one of this application's ({@link InvalidPageTokenException}), an item that
 *       fails Bean Validation ({@link ItemValidationException}; each invalid field with its message under
 *       {@code errors});</li>
 *   <li>409: a write whose condition failed — a duplicate key (create-only put), a taken unique key path
 *       ({@link UniqueKeyConflictException}; the taken path under {@code uniqueKeyPath}), a version conflict, another
 *       condition ({@link ConditionFailedException}) — a cancelled transaction ({@link TransactionFailedException}),
 *       a unit whose read items changed ({@link ReadConflictException}), sequence ids all taken
 *       ({@link IdAllocationException}) and an item other writers kept changing;</li>
 *   <li>413: an item, key or transaction over DynamoDB's limits ({@link ItemTooLargeException},
 *       {@link KeyTooLargeException}, {@link TransactionTooLargeException});</li>
 *   <li>500: something stored that cannot be read ({@link UnreadableItemException}, a stored key that is not a key
 *       path), the server's fault.</li>
 * </ul>
 * The {@code detail} is written for the client and names only what the request itself wrote: the item's key path
 * ({@code keyPath}), the unique value it asked for. It never names another item — not the holder of a taken unique
 * key path, not the other items of a transaction, not an unreadable stored item — and never carries a stack trace or
 * DynamoDB's words (its messages, its request ids), unless {@link Disclosure} asks for them: {@code holder}, the
 * exception's class and message under {@code exception}, the stack trace under {@code trace}.
 *
 * <p>Both keypath's own exceptions and the Spring {@link DataAccessException}s the repositories translate them into
 * are handled; any other exception, and a {@code DataAccessException} of another store, is left to the application
 * (it is rethrown as it came). keypath's auto-configuration registers this advice in servlet web applications unless
 * {@code keypath.dynamodb.problem-details.enabled=false}; it has the lowest precedence, so a handler of the
 * application's own for the same exception (in a controller, or in an advice with a higher {@link Order}) wins.
 * Immutable; thread-safe.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class KeyPathProblemDetails {
    private final Disclosure disclosure;

    /** The advice that discloses nothing beyond the request's own item ({@link Disclosure#NONE}). */
    public KeyPathProblemDetails() {
        this(Disclosure.NONE);
    }

    /** The advice that discloses what {@code disclosure} asks for. */
    public KeyPathProblemDetails(Disclosure disclosure) {
        this.disclosure = disclosure;
    }

    /**
     * What problems may carry beyond the request's own item, each off by default
     * ({@code keypath.dynamodb.problem-details.include-*}).
     *
     * @param holder     the key path of the item that holds a taken unique key path ({@code holder})
     * @param exception  keypath's exception, its class and message ({@code exception}), which may name other items
     *                   and carry DynamoDB's messages and request ids
     * @param stackTrace the failure's stack trace ({@code trace})
     */
    public record Disclosure(boolean holder, boolean exception, boolean stackTrace) {
        /** Nothing beyond the request's own item. */
        public static final Disclosure NONE = new Disclosure(false, false, false);
    }

    /** The problem of {@code failure} if keypath caused it; else {@code failure} is rethrown. */
    @ExceptionHandler({KeyPathDynamoException.class, DataAccessException.class})
    public ResponseEntity<ProblemDetail> handle(Exception failure) throws Exception {
        Optional<ProblemDetail> problem = problemOf(failure, disclosure);
        if (problem.isEmpty()) {
            throw failure;
        }
        return ResponseEntity.status(problem.get().getStatus()).contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(problem.get());
    }

    /**
     * The problem detail of {@code failure}, disclosing nothing beyond the request's own item.
     *
     * @see #problemOf(Throwable, Disclosure)
     */
    public static Optional<ProblemDetail> problemOf(Throwable failure) {
        return problemOf(failure, Disclosure.NONE);
    }

    /**
     * The problem detail of {@code failure}: found from the first keypath exception in its causes, with the status
     * the list above gives and what {@code disclosure} allows; empty when no keypath exception caused it or keypath's
     * exception has no status here.
     */
    public static Optional<ProblemDetail> problemOf(Throwable failure, Disclosure disclosure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof KeyPathDynamoException keypath) {
                return statusOf(keypath).map(status -> problem(status, keypath, failure, disclosure));
            }
        }
        return Optional.empty();
    }

    private static Optional<HttpStatus> statusOf(KeyPathDynamoException e) {
        OptionalInt status = KeyPathFailureCategory.of(e).map(KeyPathFailureCategory::status)
                .orElse(OptionalInt.empty());
        return status.isPresent() ? Optional.of(HttpStatus.valueOf(status.getAsInt())) : Optional.empty();
    }

    private static ProblemDetail problem(HttpStatus status, KeyPathDynamoException keypath, Throwable failure,
                                         Disclosure disclosure) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail(keypath));
        if (!(keypath instanceof TransactionFailedException || unreadable(keypath))) {
            keypath.keyPath().ifPresent(path -> p.setProperty("keyPath", path.toString()));
        }
        if (keypath instanceof UniqueKeyConflictException taken) {
            p.setProperty("uniqueKeyPath", taken.uniqueKeyPath().toString());
            if (disclosure.holder()) {
                taken.holder().ifPresent(holder -> p.setProperty("holder", holder.toString()));
            }
        }
        if (keypath instanceof ItemValidationException invalid) {
            Map<String, String> errors = new LinkedHashMap<>();
            invalid.violations().forEach(v -> errors.merge(v.property(), v.message(), (a, b) -> a + "; " + b));
            p.setProperty("errors", errors);
        }
        if (disclosure.exception()) {
            p.setProperty("exception", keypath.getClass().getName() + ": " + keypath.getMessage());
        }
        if (disclosure.stackTrace()) {
            StringWriter trace = new StringWriter();
            failure.printStackTrace(new PrintWriter(trace));
            p.setProperty("trace", trace.toString());
        }
        return p;
    }

    /** What the client is told: keypath's words about the request's own item, never another's. */
    private static String detail(KeyPathDynamoException e) {
        String at = e.keyPath().map(path -> " at " + path).orElse("");
        if (e instanceof InvalidPageTokenException) {
            return "The page token is not one this application issued for this query";
        }
        if (e instanceof ItemValidationException invalid) {
            return invalid.getMessage();
        }
        if (e instanceof UniqueKeyConflictException taken) {
            return "The unique key path " + taken.uniqueKeyPath() + " of " + taken.typeName() + " is taken"
                    + e.keyPath().map(path -> ", so " + path + " was not written").orElse("");
        }
        if (e instanceof VersionConflictException conflict) {
            return conflict.expectedVersion() == 0 ? "An item already exists" + at
                    : "The item" + at + " changed: the write expected its version " + conflict.expectedVersion();
        }
        if (e instanceof ConditionFailedException) {
            return "A condition of the write" + e.keyPath().map(path -> " to " + path).orElse("") + " failed";
        }
        if (e instanceof ReadConflictException) {
            return "Items the unit read changed before it committed; nothing was written";
        }
        if (e instanceof TransactionFailedException) {
            return "The transaction was cancelled; nothing was written";
        }
        if (unreadable(e)) {
            return "A stored item could not be read";
        }
        if (e instanceof IdAllocationException) {
            return "No free sequence id was found for the item" + at + "; nothing was written";
        }
        if (KeyPathFailureCategory.of(e).orElse(null) == KeyPathFailureCategory.WRITE_CONFLICT) {
            return "Other writers kept changing the item" + at;
        }
        return e.getMessage(); // the limits: sizes of the request's own item, key or transaction
    }

    /** Whether what is stored is at fault: the problem names no key path, since the item may be another's. */
    private static boolean unreadable(KeyPathDynamoException e) {
        return KeyPathFailureCategory.of(e).orElse(null) == KeyPathFailureCategory.UNREADABLE;
    }
}
