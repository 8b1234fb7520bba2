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
 * <p>A page goes in rounds, until it is full or every partition is done. Each round queries, at once
 * ({@link Step.Concurrent}), the partitions the merge is waiting for: before anything shows how densely they hold
 * items, every partition, each for three quarters of an even share of the limit; after, those whose read position
 * is the lowest (the <em>frontier</em>: no partition can still hold an item before it) and those that may hold
 * items before the page's estimated end ({@link PageEnd}), each for a little less than it likely holds up to there
 * ({@link #round}). Items up to the frontier are merged into the page. Without a limit, one round makes the page.
 *
 * <p>The page token ({@link ShardPositions}, signed by {@link PageTokens#sign}) holds each partition's position:
 * on the table, after the page's last key, written once, for every partition that has read past it or is done so
 * far; and the sort key of each partition's next item when the page read it and did not take it (the farthest left
 * out past {@link #MAX_TOKEN} characters). The next page reads such a partition in full only once its merge may
 * reach that key, and before that only in the gap between its position and that key ({@link GapQueries}), which
 * holds what was written there since: so every item written between two pages after the first page's last item is
 * read before the page passes it, as DynamoDB's own paging of one partition returns it, and an item is read twice
 * only when it lies behind another one a partition read and its page did not take. The query's fingerprint includes
 * its partitions, so a token does not survive a change of the shard count. Not thread-safe: one instance serves one
 * call, step by step; the driver runs a round's callbacks on one thread.
 *
 * <p>While a type stored there is being re-sharded ({@code @Sharded(formerCount)}), the partitions of the former
 * layout are read as partitions of their own, before the new layout's: each round first queries the former ones
 * it reads, then the new ones, and a new partition keeps only what lies up to the former partitions' lowest read
 * position (it resumes there). Items only move from the former layout to the new one, so an item that exists
 * throughout is read in the former layout before it moved or in the new one after: never missed. An item read in
 * both (moved between the two reads, or in a shard of both layouts) is taken once: the copy where the new layout
 * keeps it, else the former layout's ({@link CopyPlacement}), never a copy in neither, as a read by key path takes it.
 * Its tokens name no next items: every partition resumes from its position. The next page's token holds the rule
 * too: while a former partition goes on, every new partition goes on from the same key, one read to its end included,
 * so that an item the former partition held past the page and that moved before the next page is read in the new
 * layout then.
 */
final class ShardedQueryPager implements Operation<Page<Object>> {
    /** The most requests of one round in flight at once on the asynchronous table. */
    static final int MAX_IN_FLIGHT = 16;
    /**
     * The longest page token, in characters, that names next items: past it, the farthest ones are left out (their
     * partitions are read from their positions), so a token at 16 shards fits in 1 KB whatever the ids' length.
     */
    static final int MAX_TOKEN = 1024;
    /**
     * The part of its likely share of the missing items a partition asks for: a little less, since the partitions
     * that hold fewer than their share would read past the page's end, while those holding more ask again for what
     * they likely hold up to it.
     */
    private static final double FIRST_SHARE = 0.75;
    /**
     * The part of what a partition likely holds up to the page's estimated end that it asks for once the estimate
     * exists: a little less, so that few partitions read past the end; the merge then asks the ones it waits for.
     */
    static final double TOP_UP = 0.8;

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
    private int scanned;
    /** The items this page's responses held (what passed the filter): with {@link #scanned}, the filter's rate. */
    private int delivered;
    private int answered;
    private int asked;
    /**
     * The highest sort key up to which every partition has been read, or below which when {@link #frontierOpen};
     * null when all are done.
     */
    private byte[] frontier;
    /** Whether {@link #frontier} is a partition's known next item, not read yet: the merge stops before it. */
    private boolean frontierOpen;
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
        /**
         * The sort key this page started reading it after; from the range's start, its first item's, once read (the
         * range's bound says nothing of where its items begin); null before.
         */
        byte[] start;
        /** The items this page's reads of it returned after {@link #start}. */
        int count;
        /** The sort key of the last item this page's reads of it returned, or null. */
        byte[] last;
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
        /**
         * The sort key of its next item, known from the page token, while this page has not read it: nothing
         * lies between {@link #readFrom} and it, so the merge needs the partition only when it reaches that key.
         */
        byte[] next;
        boolean read;
        /**
         * Whether the partition has not been read since the token named its next item: items written since may lie
         * between its position and that item, so the page reads that gap before it takes anything past it.
         */
        boolean unchecked;
        /** Whether its request in the round under way reads only that gap. */
        boolean gapOnly;
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
        if (q.pageToken() != null) {
            List<Position> positions = ShardPositions.decode(ReshardTokens.verify(tokens, q.pageToken(), checked,
                    items.registry(), formerKeys, newKeys), partitionKeys, target.pkAttribute());
            for (int i = 0; i < partitions.length; i++) {
                partitions[i].readFrom = positions.get(i).after();
                partitions[i].taken = positions.get(i).after();
                partitions[i].exhausted = positions.get(i).done();
                if (positions.get(i).after() != null) {
                    partitions[i].start = sortKey(positions.get(i).after());
                }
                if (!resharding && positions.get(i).next() != null && GapQueries.boundable(
                        partitions[i].readFrom, positions.get(i).next(), range, q.descending())) {
                    partitions[i].next = positions.get(i).next();
                    partitions[i].read = true;
                    partitions[i].unchecked = true;
                }
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
        List<Partition> reading = round();
        if (reading.isEmpty()) {
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
     * The partitions the next round reads, each with the {@code Limit} of its request. Before anything shows how
     * densely the partitions hold items, every partition is read for three quarters of an even share of what the
     * page misses. After, the page's end is estimated ({@link PageEnd}) and each partition that may hold items before
     * it asks for {@value #TOP_UP} of what it likely holds up to there (with its next item, when the token named
     * one), the partitions the merge waits for at least one; the others are not read, except for the gap before the
     * next item the token named ({@link GapQueries}). Each ask is scaled by the share of items the filter has kept.
     * So a page reads little past its last item, and the next resumes every partition where the page stopped with
     * it, knowing its next item.
     */
    private List<Partition> round() {
        List<Partition> reading = new ArrayList<>();
        int need = limit - out.size();
        int open = 0;
        for (Partition p : partitions) {
            open += p.exhausted ? 0 : 1;
        }
        PageEnd end = limit == 0 ? null : pageEnd();
        boolean estimated = end != null && end.estimate(need);
        double rate = (scanned + 1.0) / (delivered + 1.0);
        int knownCount = limit == 0 || estimated ? 0 : known().size();
        Partition lowest = null;
        for (Partition p : partitions) {
            if (p.exhausted) {
                continue;
            }
            p.gapOnly = false;
            if (limit == 0) {
                p.ask = 0;
                reading.add(p);
                continue;
            }
            int own = p.next != null ? 1 : 0;
            byte[] reach = reach(p);
            if (reach != null && (lowest == null || compare(reach, reach(lowest)) < 0)) {
                lowest = p;
            }
            if (!estimated) {
                double share = Math.ceil(FIRST_SHARE * Math.max(1, need - knownCount) / open);
                p.ask = ask(share, rate, own);
                reading.add(p);
                continue;
            }
            double expected = reach == null ? (double) need / open : end.expectedAfter(reach);
            int ask = (int) Math.floor(TOP_UP * expected * rate);
            boolean wanted = !p.read || atFrontier(p) || (p.next != null ? end.before(p.next) : ask > 0);
            if (wanted) {
                p.ask = ask(Math.max(ask, own == 1 ? 0 : 1), 1, own);
                reading.add(p);
            } else if (p.unchecked && GapQueries.empty(p.readFrom, target.skAttribute(), p.next, range,
                    q.descending())) {
                p.unchecked = false;
            } else if (p.unchecked) {
                p.gapOnly = true;
                p.ask = 1;
                reading.add(p);
            }
        }
        boolean reads = false;
        for (Partition p : reading) {
            reads |= !p.gapOnly;
        }
        if (!reads && lowest != null) { // the merge waits for the partition whose reach is lowest
            lowest.gapOnly = false;
            lowest.ask = ask(0, 1, lowest.next != null ? 1 : 0);
            if (!reading.contains(lowest)) {
                reading.add(lowest);
            }
        }
        return reading;
    }

    /** The {@code Limit} of a request for {@code share} items at the filter's {@code rate}, and its next item. */
    private static int ask(double share, double rate, int own) {
        return (int) Math.min(1000, Math.max(1, Math.ceil(share * rate) + own));
    }

    /** The key up to which {@code p} is known: its next item's, where it has read to, or where it starts. */
    private byte[] reach(Partition p) {
        return p.next != null ? p.next : p.read ? p.readTo : p.start;
    }

    /** What the partitions have shown so far, for the estimate of the page's end. */
    private PageEnd pageEnd() {
        PageEnd end = new PageEnd(direction);
        for (Partition p : partitions) {
            for (byte[] k : p.keys) {
                end.item(k);
            }
            if (p.next != null) {
                end.item(p.next);
                end.partition(p.start, p.next, p.count + 1, true);
            } else if (p.exhausted) {
                end.partition(p.start, p.last, p.count, false);
            } else {
                end.partition(p.start, p.read ? p.readTo : p.start, p.count, true);
            }
        }
        return end;
    }

    /** The sort keys of the items read and not taken, and the partitions' known next items, in merge order. */
    private List<byte[]> known() {
        List<byte[]> known = new ArrayList<>();
        for (Partition p : partitions) {
            known.addAll(p.keys);
            if (p.next != null) {
                known.add(p.next);
            }
        }
        known.sort(this::compare);
        return known;
    }

    /** Whether {@code p} is where the merge stopped: the partition it waits for. */
    private boolean atFrontier(Partition p) {
        return frontier != null && Arrays.equals(p.next != null ? p.next : p.readTo, frontier);
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

    @Override
    public Page<Object> result() {
        return new Page<>(out, token(), scanned);
    }

    private QueryRequest request(Partition p, int pageLimit) {
        QueryRequest request = QueryRequests.request(table, target, range, p.pk, q, filter, p.readFrom, pageLimit,
                keys, ask);
        if (p.gapOnly) {
            request = GapQueries.before(request, target.skAttribute(), p.next, p.readFrom == null, range, q.descending());
        }
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
        delivered += r.items().size();
        if (!r.items().isEmpty()) {
            boolean first = p.start == null;
            if (first) {
                p.start = sortKey(r.items().get(0));
            }
            p.count += r.items().size() - (first ? 1 : 0);
            p.last = sortKey(r.items().get(r.items().size() - 1));
        }
        p.addAll(r.items());
        p.read = true;
        p.unchecked = false;
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        if (p.gapOnly && !more) { // nothing left before the next item: the partition resumes after what it read
            p.gapOnly = false;
            if (!r.items().isEmpty()) {
                p.readFrom = QueryRequests.resumeKey(target, r.items().get(r.items().size() - 1));
            }
        } else {
            p.gapOnly = false;
            p.next = null;
            accepted(p, r, more);
        }
        if (++answered == asked && pending == null) {
            if (resharding) {
                capNew();
            }
            merge();
        }
    }

    private void accepted(Partition p, QueryResponse r, boolean more) {
        if (more) {
            p.readFrom = r.lastEvaluatedKey();
            p.readTo = sortKey(r.lastEvaluatedKey());
        } else {
            p.exhausted = true;
            p.readTo = null;
        }
    }

    /** After a round: takes every item up to the frontier in key order, until the page is full. */
    private void merge() {
        frontier = null;
        frontierOpen = false;
        for (Partition p : partitions) {
            if (p.exhausted) {
                continue;
            }
            byte[] bound = p.next != null ? p.next : p.readTo;
            int c = frontier == null ? -1 : compare(bound, frontier);
            if (c < 0 || c == 0 && p.next != null) {
                frontier = bound;
                frontierOpen = p.next != null || c == 0 && frontierOpen;
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
            int c = next == null || frontier == null ? -1 : compare(nextKey, frontier);
            if (next == null || c > 0 || c == 0 && frontierOpen) {
                break; // the lowest item left lies past the frontier: so does every other
            }
            if (lastTaken != null && compare(nextKey, lastTaken) < 0) {
                next.take(); // written since the token named the partition's next item, behind this page: left out
                continue;
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
            more |= p.headKey() != null || !p.exhausted;
        }
        if (!more) {
            return null;
        }
        for (Partition p : partitions) {
            byte[] head = p.headKey();
            if (head == null && p.exhausted && resharding && (p.former || !formerGoesOn || common == null)) {
                positions.add(Position.DONE);
                continue;
            }
            // a partition done so far resumes after the page too: an item written there since is on a later page
            Position position;
            if (common != null && (head == null || compare(head, common) > 0)) {
                position = new Position(false, Map.of(TableAttributes.PK, AttributeValues.binary(p.pk),
                        TableAttributes.SK, AttributeValues.binary(common)));
            } else {
                Map<String, AttributeValue> at = head == null
                        ? p.exhausted && p.takenItem != null ? QueryRequests.resumeKey(target, p.takenItem) : p.readFrom
                        : p.takenItem != null ? QueryRequests.resumeKey(target, p.takenItem) : p.taken;
                position = at == null ? Position.START : new Position(false, at);
            }
            byte[] next = head != null ? head : p.next;
            positions.add(resharding || next == null ? position : position.withNext(next));
        }
        String token = tokens.sign(ShardPositions.encode(positions, target.pkAttribute()), fingerprint);
        while (token.length() > MAX_TOKEN && dropFarthestNext(positions)) {
            token = tokens.sign(ShardPositions.encode(positions, target.pkAttribute()), fingerprint);
        }
        return token;
    }

    /**
     * Leaves out the next item the farthest in the merge's order of those {@code positions} name (its partition is
     * then read from its position on the next page, as one whose next item is not known); false when none names one.
     */
    private boolean dropFarthestNext(List<Position> positions) {
        int farthest = -1;
        for (int i = 0; i < positions.size(); i++) {
            byte[] next = positions.get(i).next();
            if (next != null && (farthest < 0 || compare(next, positions.get(farthest).next()) > 0)) {
                farthest = i;
            }
        }
        if (farthest < 0) {
            return false;
        }
        Position p = positions.get(farthest);
        positions.set(farthest, new Position(p.done(), p.after()));
        return true;
    }

    /** The bytes the merge orders an item or a key by: its sort key on the table or the index. */
    private byte[] sortKey(Map<String, AttributeValue> item) {
        return item.get(target.skAttribute()).b().asByteArrayUnsafe();
    }

    private int compare(byte[] a, byte[] b) {
        return direction * Arrays.compareUnsigned(a, b);
    }
}
