package dev.keypath.test.faults;

/**
 * What the {@link FaultProxy} does with one request, and so what the client sees and whether the engine applied it.
 */
public enum Fault {
    /** Forwarded to the engine; its answer goes back unchanged. */
    PASS(true),
    /** Forwarded, so the engine applies it; then the connection is closed without an answer (a lost answer). */
    LOST_ANSWER(true),
    /** Forwarded, so the engine applies it; answered {@code 500 InternalServerError} instead of the engine's answer. */
    ERROR_AFTER_APPLY(true),
    /** Forwarded, so the engine applies it; its answer goes back after the plan's delay (a timeout, if it is long). */
    DELAYED_ANSWER(true),
    /** Not forwarded; answered {@code 500 InternalServerError}. */
    ERROR(false),
    /** Not forwarded; answered {@code 400 ProvisionedThroughputExceededException}, as DynamoDB throttles. */
    THROTTLE(false),
    /** Not forwarded; the connection is closed without an answer (the JDK's server cannot send a TCP reset). */
    DROPPED_REQUEST(false);

    private final boolean forwarded;

    Fault(boolean forwarded) {
        this.forwarded = forwarded;
    }

    /** Whether the request reaches the engine (and so is applied, if the engine accepts it). */
    public boolean forwarded() {
        return forwarded;
    }
}
