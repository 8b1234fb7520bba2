package dev.keypath.spring.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports an {@link UnsupportedSpringBootException} as Spring Boot's "APPLICATION FAILED TO START": the version found,
 * the version needed, and how to move. Loads on Spring Boot 3 as on 4 (it uses only what both have).
 */
class UnsupportedSpringBootFailureAnalyzer extends AbstractFailureAnalyzer<UnsupportedSpringBootException> {
    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, UnsupportedSpringBootException cause) {
        return new FailureAnalysis("keypath needs Spring Boot " + cause.needed() + " or later (with Spring Framework 7 "
                + "and Jackson 3); this application runs on Spring Boot " + cause.found() + ".",
                "Build the application on Spring Boot " + cause.needed() + ": the parent "
                + "org.springframework.boot:spring-boot-starter-parent " + cause.needed() + ".x (or its BOM), with "
                + "keypath-bom imported and the property jackson-bom.version set to the Jackson 3 version keypath-bom "
                + "names (see keypath's spring/README.md). There is no keypath for Spring Boot 3.", cause);
    }
}
