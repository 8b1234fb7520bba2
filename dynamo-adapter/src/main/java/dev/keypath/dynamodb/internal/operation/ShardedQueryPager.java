package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyRange;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.ReshardInProgressException;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.request.CheckedQuery;
import dev.keypath.dynamodb.internal.request.CopyPlacement;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.QueryRequests;
import dev.keypath.dynamodb.internal.request.ShardPositions;
import dev.keypath.dynamodb.internal.request.ShardPositions.Position;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * One page of a query whose range lies in a sharded partition, without I/O: the range is read in every partition
 * the query may find items in (its shards, and the unsharded partition when unsharded types share it), and the
 * partitions are merged by the bytes of their sort keys into one collection in key order, ascending or descending.
 *
 * <p>A page goes in rounds. Each round queries, at once ({@link Step.Concurrent}), the partitions the merge is
 * waiting for: in the first, every partition not done, each for its share of the limit; after it, only those whose
 * read position is the lowest (the <em>frontier</em>: no partition can still hold an item before it). Items up to
 * the frontier are merged into the page. The {@code Limit}s of a page's requests add up to at most the page's limit
 * plus the number of partitions, so a page reads (and DynamoDB bills) at most that many items; when that budget is
 * spent first, the page ends short of the limit and its token goes on. A round whose shares of the missing items
 * would leave at most one item a partition for the next spends the whole budget at once, so a page whose
 * partitions all have items left takes one round, not a second one for the budget's remainder. Without a limit,
 * one round makes the page.
 *
 * <p>The page token ({@link ShardPositions}, signed by {@link PageTokens#sign}) holds each partition's position:
 * on the table, after the page's last key, written once, for every partition that has read past it. The query's
 * fingerprint includes its partitions, so a token does not survive a change of the shard count. Not thread-safe:
 * one instance serves one call, step by step; the driver runs a round's callbacks on one thread.
 *
 * <p>While a type stored there is being re-sharded ({@code @Sharded(formerCount)}), the partitions of the former
 * layout are read as partitions of their own, before the new layout's: each round first queries the former ones
 * it reads, then the new ones, and a new partition keeps only what lies up to the former partitions' lowest read
 * position (it resumes there). Items only move from the former layout to the new one, so an item that exists
 * throughout is read in the former layout before it moved or in the new one after: never missed. An item read in
 * both (moved between the two reads, or in a shard of both layouts) is taken once: the copy where the new layout
 * keeps it, else the former layout's ({@link CopyPlacement}), never a copy in neither, as a read by key path takes it.
 * The next page's token holds the rule too: while a former partition goes on, every new partition goes on from the
 * same key, one read to its end included, so that an item the former partition held past the page and that moved
 * before the next page is read in the new layout then.
 */
final class ShardedQueryPager implements Operation<Page<Object>> {
    /** The most requests of one round in flight at once on the asynchronous table. */
    static final int MAX_IN_FLIGHT = 16;

    private final String table;
    private final ItemQuery q;
    private final QueryRequests.Target target;
    private final KeyRange range;
    private final Expr filter;
    private final Expr projection;
    private final boolean keys;
    private final byte[] fingerprint;
    private final PageTokens tokens;
    private final QueryItems items;
    private final Partition[] partitions;
    private final int limit;
    /** What every request asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    /** 1 ascending, −1 descending: the sign of the merge's comparison. */
    private final int direction;
    private final List<Object> out = new ArrayList<>();
    /** The items this page's requests may still ask for (their {@code Limit}s); unused without a limit. */
    private int budget;
    private int scanned;
    private int answered;
    private int asked;
    /** The highest sort key up to which every partition has been read; null when all are done. */
    private byte[] frontier;
    /** The sort key of the last item the page took, or null. */
    private byte[] lastTaken;
    private boolean cut;
    private boolean complete;
    /** Whether a re-shard runs: the first partitions are the former layout's. */
    private final boolean resharding;
    /** The new layout's partitions of the round under way, sent once its former partitions answered; or null. */
    private List<Partition> pending;

    /** One partition's reading: where it resumes, what it read and the page has not taken yet. */
    private static final class Partition {
        final byte[] pk;
        /** Whether it is a shard of the layout a re-shard moves items from. */
        boolean former;
        /** Where the next request starts (exclusive), null for the range's start. */
        Map<String, AttributeValue> readFrom;
        /** The key after the last item the page took (or dropped), null for where the page started. */
        Map<String, AttributeValue> taken;
        /** The last item the page took (or dropped), whose key {@link #taken} becomes when the token is made. */
        Map<String, AttributeValue> takenItem;
        boolean exhausted;
        /** The sort key this page has read up to; null until the first answer, or when exhausted. */
        byte[] readTo;
        boolean read;
        /** The {@code Limit} of its request in the round under way; 0 without a limit. */
        int ask;
        /** What it read and the page has not taken yet, with their sort keys: {@code keys} is parallel. */
        private final ArrayDeque<Map<String, AttributeValue>> buffer = new ArrayDeque<>();
        private final ArrayDeque<byte[]> keys = new ArrayDeque<>();
        private final String sk;

        Partition(byte[] pk, String sk) {
            this.pk = pk;
            this.sk = sk;
        }

        void addAll(List<Map<String, AttributeValue>> items) {
            for (Map<String, AttributeValue> item : items) {
                buffer.addLast(item);
                keys.addLast(item.get(sk).b().asByteArrayUnsafe());
            }
        }

        /** The sort key of the first item not taken yet, or null when none is left. */
        byte[] headKey() {
            return keys.peekFirst();
        }

        boolean isEmpty() {
            return buffer.isEmpty();
        }

        /** Takes (or drops) the first item left: the page resumes after it. */
        Map<String, AttributeValue> take() {
            keys.pollFirst();
            takenItem = buffer.pollFirst();
            return takenItem;
        }

        /** Drops the last item left, whose key is {@code keys.peekLast()}: read again later. */
        void dropLast() {
            keys.pollLast();
            buffer.pollLast();
        }

        byte[] lastKey() {
            return keys.peekLast();
        }
    }

    /**
     * A page over {@code formerKeys}, the former layout's shards while a re-shard runs (empty when none runs), and
     * {@code partitionKeys}, the new layout's, its requests asking for {@code ask} of capacity (null: not asking).
     */
    ShardedQueryPager(String table, CheckedQuery checked, QueryItems items, Expr projection, PageTokens tokens,
                      List<byte[]> formerKeys, List<byte[]> newKeys, ReturnConsumedCapacity ask) {
        if (!formerKeys.isEmpty() && checked.target().index() != null) {
            throw new ReshardInProgressException("A query of local index "
                    + checked.target().index() + " over a partition whose shard count is being changed "
                    + "(@Sharded(formerCount)) is not supported; query the table until the re-shard has finished",
                    checked.range().from());
        }
        List<byte[]> partitionKeys = new ArrayList<>(formerKeys);
        partitionKeys.addAll(newKeys);
        this.resharding = !formerKeys.isEmpty();
        this.ask = ask;
        this.table = table;
        this.q = checked.query();
        this.target = checked.target();
        this.range = checked.range();
        this.filter = checked.filter();
        this.projection = projection;
        this.keys = items.keys();
        this.tokens = tokens;
        this.items = items;
        this.limit = q.limit();
        this.direction = q.descending() ? -1 : 1;
        this.fingerprint = fingerprint(checked.fingerprint(), partitionKeys, formerKeys.size());
        this.partitions = new Partition[partitionKeys.size()];
        for (int i = 0; i < partitions.length; i++) {
            partitions[i] = new Partition(partitionKeys.get(i), target.skAttribute());
            partitions[i].former = i < formerKeys.size();
        }
        this.budget = limit + partitions.length;
        if (q.pageToken() != null) {
            List<Position> positions = ShardPositions.decode(ReshardTokens.verify(tokens, q.pageToken(), checked,
                    items.registry(), formerKeys, newKeys), partitionKeys, target.pkAttribute());
            for (int i = 0; i < partitions.length; i++) {
                partitions[i].readFrom = positions.get(i).after();
                partitions[i].taken = positions.get(i).after();
                partitions[i].exhausted = positions.get(i).done();
            }
        }
    }

    /** The unsharded query's fingerprint, extended with the partitions read. */
    static byte[] fingerprint(byte[] query, List<byte[]> partitionKeys) {
        return fingerprint(query, partitionKeys, 0);
    }

    /** {@link #fingerprint(byte[], List)} of partitions whose first {@code former} are a former layout's. */
    static byte[] fingerprint(byte[] query, List<byte[]> partitionKeys, int former) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (former > 0) {
            out.writeBytes(("|former " + former).getBytes(StandardCharsets.UTF_8));
        }
        out.writeBytes(query);
        out.writeBytes("|shards".getBytes(StandardCharsets.UTF_8));
        for (byte[] pk : partitionKeys) {
            out.write(pk.length >>> 8);
            out.write(pk.length);
            out.writeBytes(pk);
        }
        return out.toByteArray();
    }

    @Override
    public Step next() {
        if (complete) {
            return Step.DONE;
        }
        if (pending != null) { // the round's former partitions have answered: now its new ones
            List<Partition> now = pending;
            pending = null;
            return send(now);
        }
        List<Partition> reading = new ArrayList<>();
        for (Partition p : partitions) {
            if (!p.exhausted && (!p.read || Arrays.equals(p.readTo, frontier))) {
                reading.add(p);
            }
        }
        if (reading.isEmpty() || limit > 0 && !share(reading)) {
            complete = true;
            return Step.DONE;
        }
        roundNew = new ArrayList<>();
        if (resharding) {
            List<Partition> former = new ArrayList<>();
            for (Partition p : reading) {
                (p.former ? former : roundNew).add(p);
            }
            if (!former.isEmpty() && !roundNew.isEmpty()) {
                pending = roundNew;
                return send(former);
            }
        }
        return send(reading);
    }

    /**
     * Sets the {@code Limit} of each partition the round reads and takes them from the budget: each its share of
     * the items the page still misses, unless those shares would leave at most one item a partition for a later
     * round; then the round spends the whole budget, its remainder one more item for the first partitions. Read
     * by then, those items can only move the frontier further; a round after it would cost a round trip for them.
     * So a page's first round, which reads every partition not done, spends it all when none is done.
     * False when the budget cannot give every partition one item: the page ends.
     */
    private boolean share(List<Partition> reading) {
        int n = reading.size();
        int missing = limit - out.size();
        int most = budget / n;
        if (most < 1) {
            return false; // the page's read budget is spent: it ends here
        }
        int share = ceilDiv(missing, n);
        boolean all = budget - (long) share * n <= n;
        int each = all ? most : share;
        int extra = all ? budget - most * n : 0;
        for (int i = 0; i < n; i++) {
            reading.get(i).ask = each + (i < extra ? 1 : 0);
            budget -= reading.get(i).ask;
        }
        return true;
    }

    /** The new layout's partitions read in the round under way (capped after it while a re-shard runs). */
    private List<Partition> roundNew = List.of();

    private Step send(List<Partition> reading) {
        asked = reading.size();
        answered = 0;
        List<Step.Exchange<?, ?>> exchanges = new ArrayList<>(reading.size());
        for (Partition p : reading) {
            exchanges.add(Step.Exchange.of(DynamoApi.QUERY, request(p, p.ask), r -> accept(p, r)));
        }
        return exchanges.size() == 1 ? exchanges.get(0) : new Step.Concurrent(exchanges, MAX_IN_FLIGHT);
    }

    /**
     * While a re-shard runs, after a round: a new partition read in it keeps only what lies up to the former
     * partitions' lowest read position, and resumes there, so that each key it returns was read in every former
     * partition first.
     */
    private void capNew() {
        byte[] formerTo = null;
        boolean formerOpen = false;
        for (Partition p : partitions) {
            if (p.former && !p.exhausted) {
                formerOpen = true;
                if (formerTo == null || compare(p.readTo, formerTo) < 0) {
                    formerTo = p.readTo;
                }
            }
        }
        if (!formerOpen) {
            return;
        }
        for (Partition p : roundNew) {
            while (!p.isEmpty() && compare(p.lastKey(), formerTo) > 0) {
                p.dropLast();
            }
            if (p.exhausted || compare(p.readTo, formerTo) > 0) {
                p.exhausted = false;
                p.readTo = formerTo;
                p.readFrom = Map.of(TableAttributes.PK, AttributeValues.binary(p.pk), TableAttributes.SK,
                        AttributeValues.binary(formerTo));
            }
        }
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    @Override
    public Page<Object> result() {
        return new Page<>(out, token(), scanned);
    }

    private QueryRequest request(Partition p, int pageLimit) {
        QueryRequest request = QueryRequests.request(table, target, range, p.pk, q, filter, p.readFrom, pageLimit,
                keys, ask);
        if (projection.isEmpty()) {
            return request;
        }
        Map<String, String> names = new LinkedHashMap<>(request.expressionAttributeNames());
        names.putAll(projection.names());
        return request.toBuilder().projectionExpression(projection.expression()).expressionAttributeNames(names)
                .build();
    }

    private void accept(Partition p, QueryResponse r) {
        scanned += r.scannedCount() == null ? r.items().size() : r.scannedCount();
        p.addAll(r.items());
        p.read = true;
        if (r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty()) {
            p.readFrom = r.lastEvaluatedKey();
            p.readTo = sortKey(r.lastEvaluatedKey());
        } else {
            p.exhausted = true;
            p.readTo = null;
        }
        if (++answered == asked && pending == null) {
            if (resharding) {
                capNew();
            }
            merge();
        }
    }

    /** After a round: takes every item up to the frontier in key order, until the page is full. */
    private void merge() {
        frontier = null;
        for (Partition p : partitions) {
            if (!p.exhausted && (frontier == null || compare(p.readTo, frontier) < 0)) {
                frontier = p.readTo;
            }
        }
        while (limit == 0 || out.size() < limit) {
            Partition next = null;
            byte[] nextKey = null;
            for (Partition p : partitions) {
                byte[] key = p.headKey();
                if (key != null && (next == null || compare(key, nextKey) < 0)) {
                    next = p;
                    nextKey = key;
                }
            }
            if (next == null || frontier != null && compare(nextKey, frontier) > 0) {
                break; // the lowest item left lies past the frontier: so does every other
            }
            if (resharding) {
                next = takeCopies(nextKey);
            }
            Map<String, AttributeValue> raw = next.take();
            lastTaken = nextKey;
            if (resharding && target.index() == null
                    && CopyPlacement.of(items.registry(), raw) == CopyPlacement.Place.ELSEWHERE) {
                continue; // a copy no read by key path finds: no read takes it
            }
            Object mapped = items.map(raw);
            if (mapped != null) {
                out.add(mapped);
            }
        }
        cut = limit > 0 && out.size() == limit;
        if (cut || limit == 0 || frontier == null) {
            complete = true;
        }
    }

    /**
     * Of the partitions whose next item has the key {@code key} (one key path read in both layouts, or one stored
     * copy read twice through a shard both layouts share), the one to take it from: the copy where the new layout
     * keeps the item, else the one in the former layout ({@link CopyPlacement}), as a read by key path takes it; the
     * others' copies are dropped.
     */
    private Partition takeCopies(byte[] key) {
        Partition chosen = null;
        CopyPlacement.Place best = null;
        for (Partition p : partitions) {
            if (Arrays.equals(p.headKey(), key)) {
                CopyPlacement.Place place = target.index() == null
                        ? CopyPlacement.of(items.registry(), p.buffer.peekFirst()) : CopyPlacement.Place.UNKNOWN;
                if (chosen == null || place.compareTo(best) < 0) {
                    chosen = p;
                    best = place;
                }
            }
        }
        for (Partition p : partitions) {
            if (p != chosen && Arrays.equals(p.headKey(), key)) {
                p.take();
            }
        }
        return chosen;
    }

    /** The token of the next page, or null when every partition is done. */
    private String token() {
        // on the table every partition that has read past the page's last key resumes after it: one key in the token
        byte[] common = target.index() != null ? null : cut ? lastTaken : frontier;
        // a former partition that goes on is read again from there, and an item it held past it may have moved
        // since: the new partitions are read again after it, each from there too, even one read to its end
        boolean formerGoesOn = false;
        for (Partition p : partitions) {
            formerGoesOn |= p.former && (p.headKey() != null || !p.exhausted);
        }
        List<Position> positions = new ArrayList<>(partitions.length);
        boolean more = false;
        for (Partition p : partitions) {
            byte[] head = p.headKey();
            if (head == null && p.exhausted && (p.former || !formerGoesOn || common == null)) {
                positions.add(Position.DONE);
                continue;
            }
            more = true;
            if (common != null && (head == null || compare(head, common) > 0)) {
                positions.add(new Position(false, Map.of(TableAttributes.PK, AttributeValues.binary(p.pk),
                        TableAttributes.SK, AttributeValues.binary(common))));
            } else {
                Map<String, AttributeValue> at = head == null ? p.readFrom
                        : p.takenItem != null ? QueryRequests.resumeKey(target, p.takenItem) : p.taken;
                positions.add(at == null ? Position.START : new Position(false, at));
            }
        }
        return more ? tokens.sign(ShardPositions.encode(positions, target.pkAttribute()), fingerprint) : null;
    }

    /** The bytes the merge orders an item or a key by: its sort key on the table or the index. */
    private byte[] sortKey(Map<String, AttributeValue> item) {
        return item.get(target.skAttribute()).b().asByteArrayUnsafe();
    }

    private int compare(byte[] a, byte[] b) {
        return direction * Arrays.compareUnsigned(a, b);
    }
}
