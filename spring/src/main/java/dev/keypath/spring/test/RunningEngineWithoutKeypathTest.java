package dev.keypath.spring.test;

import dev.keypath.spring.autoconfigure.KeyPathDynamoProperties;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * A test run given an engine already running, without keypath-test on the class path: a context that would start
 * DynamoDB Local of its own ({@code keypath.dynamodb.embedded=true}, the slice's default) cannot be moved there, and
 * fails, saying what to add, rather than run on an engine nobody asked for.
 */
final class RunningEngineWithoutKeypathTest implements ContextCustomizer {
    /** The system property and the AWS SDK's environment variable keypath-test reads, in that order. */
    static final String ENDPOINT_PROPERTY = "keypath.dynamodb.endpoint";
    static final String SDK_VARIABLE = "AWS_ENDPOINT_URL_DYNAMODB";

    private final String given;

    private RunningEngineWithoutKeypathTest(String given) {
        this.given = given;
    }

    /** A customizer when the run is given an engine already running; {@code null} otherwise. */
    static ContextCustomizer ifTheRunGivesOne() {
        String property = System.getProperty(ENDPOINT_PROPERTY);
        if (property != null && !property.isBlank()) {
            return new RunningEngineWithoutKeypathTest("-D" + ENDPOINT_PROPERTY + "=" + property.trim());
        }
        String variable = System.getenv(SDK_VARIABLE);
        if (variable != null && !variable.isBlank()) {
            return new RunningEngineWithoutKeypathTest(SDK_VARIABLE + "=" + variable.trim());
        }
        return null;
    }

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
        if (context.getEnvironment().getProperty(KeyPathDynamoProperties.PREFIX + ".embedded", Boolean.class, false)) {
            throw new IllegalStateException(given + " gives this test run an engine that is already running, but "
                    + config.getTestClass().getName() + " would start DynamoDB Local in its own JVM: moving it to the "
                    + "running engine takes dev.keypath:keypath-test on the test class path (scope test), or run "
                    + "without " + given.substring(0, given.indexOf('=')));
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RunningEngineWithoutKeypathTest o && o.given.equals(given);
    }

    @Override
    public int hashCode() {
        return given.hashCode();
    }
}
