/**
 * The {@code keypath} command-line tool ({@link dev.keypath.cli.KeypathCli}): {@code encode} turns key paths
 * into the bytes DynamoDB stores, {@code decode} turns bytes back into paths, {@code explain} shows a key's byte
 * layout and {@code scan} lists the items of a key-path table. It reads arguments or standard input and prints
 * through the core's formatter.
 */
package dev.keypath.cli;
