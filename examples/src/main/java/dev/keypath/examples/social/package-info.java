/**
 * The social example ({@link dev.keypath.examples.social.SocialExampleApp}): users, posts, comments and
 * reactions in one binary-keyed table on an embedded DynamoDB Local, read back as a timeline, a post with its
 * comments, a time range and pages, each key shown beside the string key it replaces.
 */
package dev.keypath.examples.social;
