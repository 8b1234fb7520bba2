/**
 * A small Spring Boot REST API over the social model (users, posts, comments) stored in one key-path table:
 * repositories with derived key-path queries, token paging and a transaction per new post.
 */
package dev.keypath.examples.spring;
