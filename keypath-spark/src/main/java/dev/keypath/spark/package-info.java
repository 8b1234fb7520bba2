/**
 * Key-path tables and their exports as Spark datasets, datasets written into key-path tables, and keypath's bulk
 * jobs as Spark jobs.
 */
package dev.keypath.spark;
