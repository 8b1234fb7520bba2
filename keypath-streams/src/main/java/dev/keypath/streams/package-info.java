/**
 * Typed change feeds of key-path tables. {@link dev.keypath.streams.ChangeDecoder} turns a DynamoDB Streams record
 * of a key-path table (binary {@code pk}/{@code sk}, a {@code _type} attribute) into an
 * {@link dev.keypath.streams.ItemChange}: insert, modify or remove, the decoded key path, the registered class and
 * the old and new images as objects of that class, the sequence number and whether DynamoDB's TTL removed the
 * item. {@link dev.keypath.streams.ChangeFeedReader} reads a table's stream shard by shard, parents before
 * children, and hands out batches with a {@link dev.keypath.streams.Checkpoint} to resume from. The Lambda
 * adapter is in {@link dev.keypath.streams.lambda}.
 */
package dev.keypath.streams;
