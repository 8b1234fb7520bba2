package dev.keypath.spring.autoconfigure;

import dev.keypath.spring.repository.InvalidQueryMethodException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a repository method keypath cannot turn into a key-path query ({@link InvalidQueryMethodException}) at
 * startup as a failure analysis that names the method, says why and what to do.
 */
class InvalidQueryMethodFailureAnalyzer extends AbstractFailureAnalyzer<InvalidQueryMethodException> {
    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidQueryMethodException cause) {
        return new FailureAnalysis("keypath cannot turn the repository method " + cause.method()
                + " into a key-path query: " + cause.reason() + ".",
                "Change " + cause.method() + " as described, or declare its query with @KeyPathQuery (the derived "
                + "and declared queries keypath accepts are listed in keypath-spring's README).", cause);
    }
}
