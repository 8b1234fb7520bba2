/**
 * Moves a DynamoDB table whose keys are strings such as {@code USER#…} / {@code POST#…#COMMENT#…} into a key-path
 * table. A {@link dev.keypath.migrate.MigrationMapping} declares, per entity, the string patterns of the old keys
 * and the key path each becomes (in Java or in a JSON file); a {@link dev.keypath.migrate.Migration} then
 * {@linkplain dev.keypath.migrate.Migration#plan() plans} (a dry run), {@linkplain dev.keypath.migrate.Migration#run()
 * runs} (a parallel, checkpointed copy under a capacity budget) and {@linkplain
 * dev.keypath.migrate.Migration#verify() verifies} the copy. On the same resumable run, a
 * {@link dev.keypath.migrate.SchemaRewrite} brings every item of one type of a key-path table to its current form in
 * place, and a {@link dev.keypath.migrate.Reshard} moves every item of a sharded type into its new shard count. The
 * {@code keypath migrate} command of the CLI is a thin wrapper around the same classes.
 *
 * <p>All of them read and write within budgets of read and write capacity units per second, for all segments
 * together. A budget is kept over every window of 30 seconds, counting what DynamoDB bills (a read request at least
 * half a unit), a resumed run's own reads included; a shorter window holds at most one second's budget more. It is
 * also used: while a run waits on its tighter budget, it spends that budget at 29/30 of its rate, with calls as large
 * as one second of the budget pays for (a {@code Scan} whose {@code Limit} is worked out from the sizes of the items
 * read so far, {@code BatchWriteItem} calls of 25 items).
 */
package dev.keypath.migrate;
