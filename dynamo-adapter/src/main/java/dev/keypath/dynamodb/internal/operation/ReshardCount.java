package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The count of a query over a partition whose shard count is being changed ({@code @Sharded(formerCount)}): the
 * shards' own counts would count an item moved meanwhile twice or not at all, so the count reads the query's keys
 * page by page through the merge of both layouts ({@link ShardedQueryPager}), each item once, and counts them. It
 * reads keys only (billed as a count is: by the items read). Single use.
 */
final class ReshardCount implements Operation<Long> {
    /** Keys per page when the count has no limit. */
    private static final int PAGE = 1000;

    private final String table;
    private final ItemQuery query;
    private final SchemaRegistry registry;
    private final ValueConverter values;
    private final PageTokens tokens;
    /** What every request asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    private Operation<Page<Object>> current;
    private String token;
    private long count;
    private boolean done;

    /** The count of {@code query}, its requests asking for {@code ask} of capacity (null: not asking). */
    ReshardCount(String table, ItemQuery query, SchemaRegistry registry, ValueConverter values, PageTokens tokens,
                 ReturnConsumedCapacity ask) {
        this.table = table;
        this.ask = ask;
        this.query = query;
        this.registry = registry;
        this.values = values;
        this.tokens = tokens;
        this.token = query.pageToken();
    }

    @Override
    public Step next() {
        while (!done) {
            if (current == null) {
                int left = query.limit() > 0 ? (int) Math.min(PAGE, query.limit() - count) : PAGE;
                current = QueryPager.startKeys(table, query.toBuilder().limit(left).pageToken(token).build(),
                        registry, values, tokens, ask);
            }
            Step step = current.next();
            if (step != Step.DONE) {
                return step;
            }
            Page<Object> page = current.result();
            current = null;
            count += page.items().size();
            token = page.nextPageToken();
            done = token == null || query.limit() > 0 && count >= query.limit();
        }
        return Step.DONE;
    }

    @Override
    public Long result() {
        return count;
    }
}
