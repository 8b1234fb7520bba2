/**
 * The two table implementations and what talks to the SDK clients: {@code DefaultKeyPathTable} runs each
 * operation with a blocking loop ({@code SyncDriver}), {@code DefaultKeyPathAsyncTable} with a future chain
 * ({@code AsyncDriver}, cancellation through {@code AsyncCall}); plus the table builders.
 * Not API: public only where another package of the adapter needs it; may change without notice.
 */
package dev.keypath.dynamodb.internal.client;
