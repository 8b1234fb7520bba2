package dev.keypath.test;

import java.util.Locale;

/**
 * Which engine a test asks for. Explicit values of {@link KeyPathDynamoDb#engine()} win over the system property
 * {@value TestDynamoDb#ENGINE_PROPERTY}, which sets the default for everything else.
 */
public enum EngineChoice {
    /**
     * The system property {@value TestDynamoDb#ENGINE_PROPERTY} ({@code local}, {@code localstack} or
     * {@code auto}); {@link #LOCAL} when it is unset.
     */
    DEFAULT,
    /** DynamoDB Local, in memory, in this JVM. */
    LOCAL,
    /**
     * LocalStack in a Docker container through Testcontainers; needs
     * {@code org.testcontainers:testcontainers-localstack} on the test classpath and a Docker engine, and fails
     * with {@link EngineUnavailableException} within seconds when either is missing.
     */
    LOCALSTACK,
    /**
     * LocalStack when a Docker engine answers within seconds and Testcontainers is on the classpath, else
     * DynamoDB Local.
     */
    AUTO;

    /**
     * This choice with {@link #DEFAULT} resolved from the system property.
     *
     * @throws IllegalArgumentException when the property holds another value than {@code local},
     *     {@code localstack} or {@code auto}
     */
    EngineChoice resolved() {
        if (this != DEFAULT) {
            return this;
        }
        String value = System.getProperty(TestDynamoDb.ENGINE_PROPERTY);
        if (value == null || value.isBlank()) {
            return LOCAL;
        }
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "local":
                return LOCAL;
            case "localstack":
                return LOCALSTACK;
            case "auto":
                return AUTO;
            default:
                throw new IllegalArgumentException("System property " + TestDynamoDb.ENGINE_PROPERTY
                        + " must be local, localstack or auto, not '" + value + "'");
        }
    }
}
