/**
 * Spring-facing access to a key-path table: {@link dev.keypath.spring.KeyPathDynamoOperations} (implemented by
 * {@link dev.keypath.spring.DefaultKeyPathDynamoOperations}) routes every call to the adapter's
 * {@link dev.keypath.dynamodb.KeyPathTable} through {@link dev.keypath.spring.KeyPathExceptionTranslator}, and
 * {@link dev.keypath.spring.KeyPathTransactionManager} / {@link dev.keypath.spring.KeyPathTransactions}
 * turn the writes of a unit of work into one DynamoDB transaction.
 */
package dev.keypath.spring;
