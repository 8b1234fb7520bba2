/**
 * Caller values, conditions and updates as DynamoDB expressions: the expression value type, the conversion of
 * Java values with the table's mapper, the checking of update paths and the values an update sets, removes or
 * derives. Pure. Not API: public only where another package of the adapter needs it; may change without notice.
 */
package dev.keypath.dynamodb.internal.expression;
