/**
 * Moves a DynamoDB table whose keys are strings such as {@code USER#…} / {@code POST#…#COMMENT#…} into a key-path
 * table. A {@link dev.keypath.migrate.MigrationMapping} declares, per entity, the string patterns of the old keys
 * and the key path each becomes (in Java or in a JSON file); a {@link dev.keypath.migrate.Migration} then
 * {@linkplain dev.keypath.migrate.Migration#plan() plans} (a dry run), {@linkplain dev.keypath.migrate.Migration#run()
 * runs} (a parallel, checkpointed copy under a capacity budget) and {@linkplain
 * dev.keypath.migrate.Migration#verify() verifies} the copy. On the same resumable run, a
 * {@link dev.keypath.migrate.SchemaRewrite} brings every item of one type of a key-path table to its current form in
 * place. The {@code keypath migrate} command of the CLI is a thin wrapper around the same classes.
 */
package dev.keypath.migrate;
