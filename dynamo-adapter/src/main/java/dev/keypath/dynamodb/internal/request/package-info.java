/**
 * The pure builders of every request and write action, and what their answers mean: puts, updates, deletes,
 * condition checks, transactions, unique key path aliases, queries, scans, reads, signed page tokens, id
 * generation, the key and item size limits DynamoDB enforces (checked before any request), the registry of a
 * table's item types, and the outcomes of failed conditions and cancelled transactions. No I/O. Not API: public
 * only where another package of the adapter needs it; may change without notice.
 */
package dev.keypath.dynamodb.internal.request;
