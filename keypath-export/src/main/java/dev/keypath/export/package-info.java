/**
 * DynamoDB's table export format for key-path tables: {@link dev.keypath.export.ExportReader} reads an export in
 * the {@code DYNAMODB_JSON} format from a local directory (the manifests and the gzip data files, checked against
 * their counts and checksums) into items with decoded key paths, mapped by a table's registered types, leaving out
 * keypath's own items and expired items as a read of the table does;
 * {@link dev.keypath.export.TableExporter} writes the same format from a table with a parallel scan; and
 * {@link dev.keypath.export.TableImporter} loads an export back with batch writes, resumable from a checkpoint
 * file. The format is described in {@code docs/EXPORT-IMPORT.md}.
 */
package dev.keypath.export;
