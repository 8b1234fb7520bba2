/**
 * Key paths such as {@code /user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234}: parse and print them
 * ({@link dev.keypath.KeyPath}), encode them into binary keys whose unsigned byte order is the path order and
 * decode them back, split into a DynamoDB partition and sort key, with query bounds for a subtree or a span
 * ({@link dev.keypath.KeyRange}) and patterns with named ids ({@link dev.keypath.KeyPathTemplate}).
 *
 * <p>Bad text or bytes are always a {@link dev.keypath.KeyPathFormatException} that names the problem and its
 * position. The format itself is specified in {@code docs/FORMAT.md}. Paths, ids, ranges and templates are
 * immutable and thread-safe, and the package needs nothing beyond the JDK.
 */
package dev.keypath;
