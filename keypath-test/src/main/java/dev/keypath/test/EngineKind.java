package dev.keypath.test;

/** The engine a {@link TestDynamoDb} runs on. */
public enum EngineKind {
    /** DynamoDB Local, in memory, in this JVM, on a loopback port. */
    DYNAMODB_LOCAL,
    /** LocalStack in a Docker container started through Testcontainers. */
    LOCALSTACK,
    /**
     * An engine that was already running at an endpoint given to the run ({@value TestDynamoDb#ENDPOINT_PROPERTY} or
     * {@code AWS_ENDPOINT_URL_DYNAMODB}): LocalStack, a shared DynamoDB Local, or DynamoDB itself.
     */
    EXTERNAL
}
