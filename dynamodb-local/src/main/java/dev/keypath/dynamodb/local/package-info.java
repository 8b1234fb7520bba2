/** An embedded DynamoDB Local engine for examples, development and tests (optional dependency). */
package dev.keypath.dynamodb.local;
