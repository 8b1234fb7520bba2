/**
 * Micrometer support for key-path tables: observations of each logical operation, tagged by access pattern, item
 * type, table, index and outcome, and meters of the capacity those operations consumed.
 */
package dev.keypath.micrometer;
