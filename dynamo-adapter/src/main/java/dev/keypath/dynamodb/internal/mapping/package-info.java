/**
 * Items to attribute maps and back, and values to attribute values: Jackson streaming in both directions
 * without an intermediate tree, the plain-record codec that runs without Jackson, the Jackson module for key
 * paths, ids and canonical instants, the table's mapper and the attribute-value helpers. Knows nothing of
 * schemas or tables. Not API: public only where another package of the adapter needs it; may change without
 * notice.
 */
package dev.keypath.dynamodb.internal.mapping;
