/**
 * Single-table DynamoDB adapter for key paths: {@link dev.keypath.dynamodb.KeyPathTable} stores typed items
 * (records or classes annotated with {@link dev.keypath.dynamodb.annotation.ItemType}) under binary
 * {@code pk}/{@code sk} keys encoded from their key paths, and reads whole collections back in one query.
 */
package dev.keypath.dynamodb;
