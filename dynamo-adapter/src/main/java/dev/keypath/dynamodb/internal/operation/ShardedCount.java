package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.request.CheckedQuery;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.QueryPartitions;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.ShardPositions;
import dev.keypath.dynamodb.internal.request.ShardPositions.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * The number of items a query selects when its range lies in a sharded partition: an {@link ItemCount} of each
 * partition the query reads, one after another, from the position the query's page token gives it, summed, and
 * stopped once the query's limit is reached. Single use; not thread-safe.
 */
final class ShardedCount implements Operation<Long> {
    private final String table;
    private final ItemQuery query;
    private final SchemaRegistry registry;
    private final BatchPolicy policy;
    private final CheckedQuery checked;
    private final List<byte[]> partitions;
    private final List<Position> positions;
    private int at;
    private ItemCount current;
    private long count;

    private ShardedCount(String table, ItemQuery query, SchemaRegistry registry, BatchPolicy policy,
                         CheckedQuery checked, List<byte[]> partitions, List<Position> positions) {
        this.table = table;
        this.query = query;
        this.registry = registry;
        this.policy = policy;
        this.checked = checked;
        this.partitions = partitions;
        this.positions = positions;
    }

    /** The count of {@code q}: over one partition ({@link ItemCount}), or over the shards its range lies in. */
    static Operation<Long> of(String table, ItemQuery q, SchemaRegistry registry, ValueConverter values,
                              PageTokens tokens, BatchPolicy policy) {
        CheckedQuery checked = CheckedQuery.ofRange(table, q, registry, values);
        boolean tablePartitions = checked.target().index() == null || checked.target().strongReads();
        List<byte[]> partitions = tablePartitions
                ? QueryPartitions.of(registry, checked.range(), checked.typeNames()) : null;
        if (partitions == null || !QueryPartitions.sharded(partitions)) {
            return new ItemCount(table, q, registry, values, tokens, policy);
        }
        if (!QueryPartitions.former(registry, checked.range(), checked.typeNames()).isEmpty()) {
            return new ReshardCount(table, q, registry, values, tokens);
        }
        List<Position> positions = new ArrayList<>();
        if (q.pageToken() == null) {
            partitions.forEach(p -> positions.add(Position.START));
        } else {
            positions.addAll(ShardPositions.decode(tokens.verify(q.pageToken(),
                    ShardedQueryPager.fingerprint(checked.fingerprint(), partitions)), partitions,
                    checked.target().pkAttribute()));
        }
        return new ShardedCount(table, q, registry, policy, checked, partitions, positions);
    }

    @Override
    public Step next() {
        while (true) {
            if (current != null) {
                Step step = current.next();
                if (step != Step.DONE) {
                    return step;
                }
                count += current.result();
                current = null;
            }
            if (reached() || at == partitions.size()) {
                return Step.DONE;
            }
            Position position = positions.get(at);
            byte[] pk = partitions.get(at++);
            if (!position.done()) {
                int left = query.limit() > 0 ? (int) (query.limit() - count) : 0;
                current = new ItemCount(table, query, registry, policy, checked.startingAfter(position.after()), pk,
                        left);
            }
        }
    }

    private boolean reached() {
        return query.limit() > 0 && count >= query.limit();
    }

    @Override
    public Long result() {
        return query.limit() > 0 ? Math.min(count, query.limit()) : count;
    }
}
