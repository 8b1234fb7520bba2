/**
 * Spring Boot auto-configuration of keypath: the DynamoDB client, the key-path table, the Spring-facing
 * operations, transactions, an optional embedded DynamoDB Local and repository detection, all configured with
 * {@code keypath.dynamodb.*} properties ({@link dev.keypath.spring.autoconfigure.KeyPathDynamoProperties}).
 */
package dev.keypath.spring.autoconfigure;
