package dev.keypath.streams.lambda;

import dev.keypath.streams.ItemChange;

/** Handles one change in a Lambda function; throws to fail it (and the rest of the batch after it). */
@FunctionalInterface
public interface ChangeHandler {
    /** Handles {@code change}; an exception marks its record as the batch's first failure. */
    void handle(ItemChange change) throws Exception;
}
