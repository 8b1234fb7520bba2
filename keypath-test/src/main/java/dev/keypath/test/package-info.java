/**
 * Real DynamoDB engines for tests: {@link dev.keypath.test.KeyPathDynamoDb} hands a JUnit 5 test class a fresh,
 * bootstrapped {@link dev.keypath.dynamodb.KeyPathTable} (and its async twin, the SDK clients and the endpoint)
 * on DynamoDB Local in the JVM, or on LocalStack through Testcontainers when asked; {@link
 * dev.keypath.test.TestDynamoDb} is the engine itself for code outside the extension. For test scope only.
 */
package dev.keypath.test;
