/**
 * Every built-in extension in one place (version, time to live, created and updated timestamps, bean
 * validation) and the plumbing that resolves a table's extensions per type and folds their write hooks into a
 * put or an update. Not API: public only where another package of the adapter needs it; may change without
 * notice.
 */
package dev.keypath.dynamodb.internal.extension;
