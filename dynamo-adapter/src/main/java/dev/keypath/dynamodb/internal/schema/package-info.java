/**
 * What an item type declares and how it is stored: the schema of each registered type (key template, key
 * fields, version, TTL and timestamp fields), its secondary and unique key paths, its indexes and their DynamoDB
 * shapes, the stored attribute names, and the encoding and decoding of a whole item. Not API: public only where
 * another package of the adapter needs it; may change without notice.
 */
package dev.keypath.dynamodb.internal.schema;
