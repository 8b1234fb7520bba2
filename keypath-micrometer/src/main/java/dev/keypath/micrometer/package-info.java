/**
 * Micrometer support for key-path tables: observations of each logical operation and of each DynamoDB request it
 * sends, tagged by access pattern, item type, table, index and outcome, and meters of the capacity those operations
 * consumed. {@link dev.keypath.micrometer.KeyPathObservations} builds the observer to set on a table builder.
 */
package dev.keypath.micrometer;
