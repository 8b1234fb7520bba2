/**
 * Items to attribute maps and back: the schema of each registered type (key template, key fields, version,
 * TTL, secondary key paths), the registry that tells stored types apart, and the Jackson streaming in both
 * directions without an intermediate tree. Not API: public only where another package of the adapter needs it;
 * may change without notice.
 */
package dev.keypath.dynamodb.internal.mapping;
