package dev.keypath.test;

import java.util.Locale;

/**
 * Which engine a test asks for; the constants that name an engine name it as {@link EngineKind} does. Explicit values
 * of {@link KeyPathDynamoDb#engine()} win over the system property {@value TestDynamoDb#ENGINE_PROPERTY}, which sets
 * the default for everything else.
 */
public enum EngineChoice {
    /**
     * The system property {@value TestDynamoDb#ENGINE_PROPERTY} ({@code dynamodb-local}, {@code localstack},
     * {@code auto} or {@code external}); when it is unset, {@link #EXTERNAL} if an endpoint is given
     * ({@value TestDynamoDb#ENDPOINT_PROPERTY} or {@code AWS_ENDPOINT_URL_DYNAMODB}), else {@link #DYNAMODB_LOCAL}.
     */
    DEFAULT,
    /** DynamoDB Local, in memory, in this JVM. */
    DYNAMODB_LOCAL,
    /**
     * DynamoDB Local, under its former name.
     *
     * @deprecated use {@link #DYNAMODB_LOCAL}, the name {@link EngineKind} gives the same engine
     */
    @Deprecated(since = "0.1.0")
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
    AUTO,
    /**
     * An engine already running at the endpoint the system property {@value TestDynamoDb#ENDPOINT_PROPERTY} or the
     * AWS SDK's environment variable {@code AWS_ENDPOINT_URL_DYNAMODB} gives (LocalStack, a shared DynamoDB Local,
     * DynamoDB itself), with the region and credentials of the AWS SDK's usual providers; fails with
     * {@link EngineUnavailableException} when neither is set or the engine does not answer.
     */
    EXTERNAL;

    /**
     * This choice with {@link #DEFAULT} resolved from the system properties and the environment, and {@link #LOCAL}
     * as {@link #DYNAMODB_LOCAL}.
     *
     * @throws IllegalArgumentException when the property holds another value than {@code dynamodb-local}
     *     ({@code local}), {@code localstack}, {@code auto} or {@code external}
     */
    @SuppressWarnings("deprecation")
    EngineChoice resolved() {
        if (this == LOCAL) {
            return DYNAMODB_LOCAL;
        }
        if (this != DEFAULT) {
            return this;
        }
        String value = System.getProperty(TestDynamoDb.ENGINE_PROPERTY);
        if (value == null || value.isBlank()) {
            return ExternalEndpoint.configured().isPresent() ? EXTERNAL : DYNAMODB_LOCAL;
        }
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "dynamodb-local":
            case "local":
                return DYNAMODB_LOCAL;
            case "localstack":
                return LOCALSTACK;
            case "auto":
                return AUTO;
            case "external":
                return EXTERNAL;
            default:
                throw new IllegalArgumentException("System property " + TestDynamoDb.ENGINE_PROPERTY
                        + " must be dynamodb-local (or local), localstack, auto or external, not '" + value + "'");
        }
    }
}
