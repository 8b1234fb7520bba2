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
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The number of items a query selects when its range lies in a sharded partition: an {@link ItemCount} of each
 * partition the query reads, from the position the query's page token gives it, all at once, summed, and stopped
 * once the query's limit is reached. Each round sends the next request of every count still going as one
 * {@link Step.Concurrent} (at most {@link ShardedQueryPager#MAX_IN_FLIGHT} in flight); a count's other steps (the
 * backoff of a batch get that reads items a read hook may hide) go alone. Single use; not thread-safe.
 */
final class ShardedCount implements Operation<Long> {
    private final ItemQuery query;
    private final List<ItemCount> counts = new ArrayList<>();
    /** Per count, the step it asked for and has not been carried out yet; null when it must be asked again. */
    private final List<Step> pending = new ArrayList<>();
    private final boolean[] finished;

    private ShardedCount(String table, ItemQuery query, SchemaRegistry registry, BatchPolicy policy,
                         CheckedQuery checked, List<byte[]> partitions, List<Position> positions,
                         ReturnConsumedCapacity ask) {
        this.query = query;
        for (int i = 0; i < partitions.size(); i++) {
            Position position = positions.get(i);
            if (!position.done()) {
                counts.add(new ItemCount(table, query, registry, policy, checked.startingAfter(position.after()),
                        partitions.get(i), query.limit(), ask));
                pending.add(null);
            }
        }
        this.finished = new boolean[counts.size()];
    }

    /**
     * The count of {@code q}: over one partition ({@link ItemCount}), or over the shards its range lies in; every
     * request asks for {@code ask} of capacity (null: not asking).
     */
    static Operation<Long> of(String table, ItemQuery q, SchemaRegistry registry, ValueConverter values,
                              PageTokens tokens, BatchPolicy policy, ReturnConsumedCapacity ask) {
        CheckedQuery checked = CheckedQuery.ofRange(table, q, registry, values);
        boolean tablePartitions = checked.target().index() == null || checked.target().strongReads();
        List<byte[]> partitions = tablePartitions
                ? QueryPartitions.of(registry, checked.range(), checked.typeNames())
                : QueryPartitions.ofIndex(registry, checked.target().index(), checked.range(), checked.typeNames());
        if (!QueryPartitions.sharded(partitions)) {
            return new ItemCount(table, q, registry, values, tokens, policy, ask);
        }
        if (!QueryPartitions.former(registry, checked.range(), checked.typeNames()).isEmpty()) {
            return new ReshardCount(table, q, registry, values, tokens, ask);
        }
        List<Position> positions = new ArrayList<>();
        if (q.pageToken() == null) {
            partitions.forEach(p -> positions.add(Position.START));
        } else {
            positions.addAll(ShardPositions.decode(ReshardTokens.verify(tokens, q.pageToken(), checked, registry,
                    List.of(), partitions), partitions, checked.target().pkAttribute()));
        }
        return new ShardedCount(table, q, registry, policy, checked, partitions, positions, ask);
    }

    @Override
    public Step next() {
        List<Step.Exchange<?, ?>> round = new ArrayList<>();
        for (int i = 0; i < counts.size() && !reached(); i++) {
            if (finished[i]) {
                continue;
            }
            Step step = pending.get(i);
            if (step == null) {
                step = counts.get(i).next();
                if (step == Step.DONE) {
                    finished[i] = true;
                    continue;
                }
                pending.set(i, step);
            }
            if (!(step instanceof Step.Exchange<?, ?> exchange)) {
                pending.set(i, null);
                return step; // a pause (or a step of its own) goes alone; the others wait for the next round
            }
            round.add(carried(i, exchange));
        }
        if (round.isEmpty() || reached()) {
            return Step.DONE;
        }
        return round.size() == 1 ? round.get(0) : new Step.Concurrent(round, ShardedQueryPager.MAX_IN_FLIGHT);
    }

    /** {@code exchange} of count {@code i}, which asks that count again once it is answered. */
    private <Q, R> Step.Exchange<Q, R> carried(int i, Step.Exchange<Q, R> exchange) {
        return new Step.Exchange<>(exchange.api(), exchange.request(), response -> {
            pending.set(i, null);
            exchange.onResponse().accept(response);
        }, failure -> {
            pending.set(i, null);
            exchange.onFailure().accept(failure);
        });
    }

    private long sum() {
        long sum = 0;
        for (ItemCount c : counts) {
            sum += c.result();
        }
        return sum;
    }

    private boolean reached() {
        return query.limit() > 0 && sum() >= query.limit();
    }

    @Override
    public Long result() {
        return query.limit() > 0 ? Math.min(sum(), query.limit()) : sum();
    }
}
