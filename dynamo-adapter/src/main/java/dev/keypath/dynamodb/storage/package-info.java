/**
 * A key-path table's stored form, for tools that work below the typed tables: the attribute names and limits of a
 * stored item, its key path and size, batch puts and gets of stored items with their consumed capacity, the
 * backoff of throttled calls, creating or checking a key-path table, and a re-shard's moves and its steps in the
 * table's layout record. Export, migration and the command-line
 * tool are built on it; applications normally use {@link dev.keypath.dynamodb.KeyPathTable} instead.
 */
package dev.keypath.dynamodb.storage;
