package dev.keypath.test;

/** The engine a {@link TestDynamoDb} runs on. */
public enum EngineKind {
    /** DynamoDB Local, in memory, in this JVM, on a loopback port. */
    DYNAMODB_LOCAL,
    /** LocalStack in a Docker container started through Testcontainers. */
    LOCALSTACK
}
