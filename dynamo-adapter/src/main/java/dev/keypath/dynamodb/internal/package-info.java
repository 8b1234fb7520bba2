/**
 * Implementation of the adapter. Not API: classes here are public only where the API package needs them and
 * may change without notice.
 */
package dev.keypath.dynamodb.internal;
