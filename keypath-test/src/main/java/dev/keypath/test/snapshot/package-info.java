/**
 * The schema snapshot check: {@link dev.keypath.test.snapshot.SchemaSnapshot} compares a table's registered types
 * ({@link dev.keypath.dynamodb.TableDescription}) with a snapshot committed in the project, fails with every
 * {@link dev.keypath.test.snapshot.SchemaChange} between them that no schema version bump explains, and writes the
 * snapshot again when asked with {@code -Dkeypath.snapshot.update=true}.
 */
package dev.keypath.test.snapshot;
