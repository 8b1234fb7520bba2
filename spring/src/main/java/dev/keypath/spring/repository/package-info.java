/**
 * Spring Data repositories over a key-path table: declare {@code interface PostRepository extends
 * KeyPathRepository<Post, KeyPath>}, enable with {@link dev.keypath.spring.repository.EnableKeyPathRepositories}
 * (or let Boot auto-configuration find them), and add derived query methods that map to one key-path prefix or
 * range query on the table or on a secondary index. Methods that cannot be answered that way fail at startup.
 */
package dev.keypath.spring.repository;
