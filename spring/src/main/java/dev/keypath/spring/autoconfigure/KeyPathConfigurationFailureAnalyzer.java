package dev.keypath.spring.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a {@link KeyPathConfigurationException} (missing engine, missing region or credentials, conflicting
 * properties) at startup as Spring Boot's "APPLICATION FAILED TO START" description and action, instead of a nested
 * stack trace.
 */
class KeyPathConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<KeyPathConfigurationException> {
    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, KeyPathConfigurationException cause) {
        return new FailureAnalysis("keypath: " + cause.description() + ".", cause.action(), cause);
    }
}
