package dev.keypath.streams;

import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;

/** What a {@link ChangeFeedReader} knows of one shard. Not thread-safe: owned by the reader. */
final class ShardState {
    final String shardId;
    final String parentId;
    /** How the first iterator is asked for when there is no sequence number yet. */
    final ShardIteratorType start;
    String iterator;
    String lastSequenceNumber;
    boolean finished;

    ShardState(String shardId, String parentId, ShardIteratorType start) {
        this.shardId = shardId;
        this.parentId = parentId;
        this.start = start;
    }

    @Override
    public String toString() {
        return shardId + (finished ? " (finished)" : " at " + lastSequenceNumber);
    }
}
