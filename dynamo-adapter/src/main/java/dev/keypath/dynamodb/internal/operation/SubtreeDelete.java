package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.QueryRequests;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Deletes every item under a key-path prefix, whatever its type (unreadable items included): reads
 * a page of keys ({@code Query}, keys only, at the table's default consistency: eventually consistent unless the
 * table reads strongly, so an item written in the last second may be left), deletes them with
 * {@code BatchWriteItem} through
 * {@link BatchRetry} (unprocessed items and throttling retried until the batch deadline), and goes on until the
 * subtree is empty or the item limit is reached. Deleted items are never read again, so running it again after a
 * failure or a limit goes on with what is left; a resume token (the last deleted key, signed for this table and
 * prefix) lets the next call start right after it. A subtree in a sharded partition is deleted shard after shard
 * (the unsharded partition first, when types that can be stored there are not sharded); the token's key names the
 * shard it stopped in. No version checks. Single use; not thread-safe.
 */
final class SubtreeDelete implements Operation<SubtreeDeletion> {
    /** Keys read per page: four full batch-write chunks. */
    static final int PAGE = 4 * TableAttributes.BATCH_WRITE_CHUNK;

    private final String table;
    private final BatchPolicy policy;
    private final long maxItems;
    private final PageTokens tokens;
    private final byte[] fingerprint;
    private final KeyRange range;
    private final ItemQuery query;
    /** The partitions the subtree lies in: its own, or its shards. */
    private final List<byte[]> partitions;
    private int partition;
    private QueryRequest firstPage;
    private Map<String, AttributeValue> lastDeleted;
    private QueryRequest nextPage;
    private Operation<Void> deleting;
    private long deleted;
    private boolean moreInTable = true;

    /**
     * @param consistency how the pages of keys are read
     * @param partitions  the partitions the subtree lies in, or null for its own only
     */
    SubtreeDelete(String table, KeyPath prefix, long maxItems, String resumeToken, PageTokens tokens,
                  BatchPolicy policy, ReadConsistency consistency, List<byte[]> partitions) {
        if (maxItems < 0) {
            throw new IllegalArgumentException("maxItems must not be negative: " + maxItems);
        }
        this.table = table;
        this.policy = policy;
        this.maxItems = maxItems;
        this.tokens = tokens;
        this.fingerprint = fingerprint(table, prefix);
        this.query = ItemQuery.of(b -> b.subtree(prefix).consistency(consistency));
        this.range = QueryRequests.range(query);
        this.partitions = partitions == null ? List.of(range.partitionKey()) : partitions;
        Map<String, AttributeValue> resume = resumeToken == null ? null : tokens.decode(resumeToken, fingerprint);
        if (resume != null) {
            byte[] pk = resume.get(TableAttributes.PK).b().asByteArrayUnsafe();
            for (int i = 0; i < this.partitions.size(); i++) {
                if (java.util.Arrays.equals(pk, this.partitions.get(i))) {
                    partition = i;
                }
            }
        }
        this.firstPage = firstPage(this.partitions.get(partition));
        this.nextPage = resume == null ? firstPage : firstPage.toBuilder().exclusiveStartKey(resume).build();
    }

    /** The first page of keys of the subtree in the partition {@code pk}. */
    private QueryRequest firstPage(byte[] pk) {
        return QueryRequests.request(table, QueryRequests.Target.TABLE, range, pk, query, Expr.NONE, null, PAGE,
                        false, ReturnConsumedCapacity.INDEXES).toBuilder().projectionExpression("#kp_pk, #kp_sk")
                .expressionAttributeNames(Map.of("#kp_pk", TableAttributes.PK, "#kp_sk", TableAttributes.SK))
                .build();
    }

    @Override
    public Step next() {
        if (deleting != null) {
            Step step = deleting.next();
            if (step != Step.DONE) {
                return step;
            }
            deleting = null;
        }
        if (nextPage == null || limitReached()) {
            return Step.DONE;
        }
        return Step.Exchange.of(DynamoApi.QUERY, nextPage, this::accept);
    }

    private boolean limitReached() {
        return maxItems > 0 && deleted >= maxItems;
    }

    private void accept(QueryResponse page) {
        List<WriteRequest> deletes = new ArrayList<>(page.items().size());
        for (Map<String, AttributeValue> key : page.items()) {
            if (maxItems > 0 && deleted + deletes.size() >= maxItems) {
                break;
            }
            deletes.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder()
                    .key(Map.of(TableAttributes.PK, key.get(TableAttributes.PK),
                            TableAttributes.SK, key.get(TableAttributes.SK))).build()).build());
        }
        boolean cut = deletes.size() < page.items().size();
        boolean morePages = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty();
        moreInTable = cut || morePages || partition < partitions.size() - 1;
        if (!moreInTable || cut) {
            nextPage = null;
        } else if (morePages) {
            nextPage = firstPage.toBuilder().exclusiveStartKey(page.lastEvaluatedKey()).build();
        } else {
            firstPage = firstPage(partitions.get(++partition));
            nextPage = firstPage;
        }
        if (!deletes.isEmpty()) {
            deleted += deletes.size();
            lastDeleted = deletes.get(deletes.size() - 1).deleteRequest().key();
            deleting = BatchWrites.writeRequests(table, deletes, policy, ReturnConsumedCapacity.INDEXES);
        }
    }

    @Override
    public SubtreeDeletion result() {
        boolean complete = !moreInTable;
        return new SubtreeDeletion(deleted, complete,
                complete || lastDeleted == null ? null : tokens.encode(lastDeleted, fingerprint));
    }

    private static byte[] fingerprint(String table, KeyPath prefix) {
        return ("keypath-subtree-delete-v1\n" + table + "\n" + prefix).getBytes(StandardCharsets.UTF_8);
    }
}
