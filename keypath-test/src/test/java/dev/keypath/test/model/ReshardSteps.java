package dev.keypath.test.model;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.ItemValidationException;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.ReshardInProgressException;
import dev.keypath.dynamodb.TableLayoutMismatchException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateItem.Returning;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.dynamodb.storage.StoredLayouts;
import dev.keypath.dynamodb.storage.StoredShardMoves;
import dev.keypath.test.model.ModelItems.Order;
import dev.keypath.test.model.Puts.PutOrder;
import dev.keypath.test.model.Reads.Over;
import dev.keypath.test.model.ReshardItems.Declaration;
import dev.keypath.test.model.ReshardModel.Phase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The commands of the re-shard model: writes and reads of orders through an instance of one of the
 * {@link Declaration}s, and the re-shard's steps (announcing the switch, moving items, recording it as finished) as
 * keypath-migrate's re-shard runs them, through the adapter's {@link StoredLayouts} and {@link StoredShardMoves}.
 * A write through an instance whose declaration the layout record no longer admits must be refused with
 * {@link TableLayoutMismatchException}, changing nothing.
 */
final class ReshardSteps {
    private ReshardSteps() {
    }

    /** One command: its step on the instances and on the model, null when they agree, else what differs. */
    interface Step {
        default boolean settled(ReshardModel model) {
            return true;
        }

        String step(ReshardInstances sut, ReshardModel model);
    }

    /** A write refused by the layout record: it fails so, or (where it is also wrong) as {@code also} says. */
    private static String refused(Outcome actual, Set<Class<? extends Throwable>> also) {
        List<Class<? extends Throwable>> accepted = new ArrayList<>(also);
        accepted.add(TableLayoutMismatchException.class);
        return new Expect(null, accepted, false).mismatch(actual);
    }

    /** Whether a write that {@code via} may see refused or go through was refused: then it changed nothing. */
    private static boolean refusedHere(Declaration via, ReshardModel model, Outcome actual) {
        return via.mayBeRefused(model.phase()) && actual.failure() instanceof TableLayoutMismatchException;
    }

    /** Moves the clock forward by {@code millis}. */
    record Tick(long millis) implements Step {
        @Override
        public String step(ReshardInstances sut, ReshardModel model) {
            model.items.advance(millis);
            return null;
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A put of an order ({@link PutOrder}: a slot's or a new one) through an instance of {@code via}. */
    record Put(Declaration via, PutOrder put) implements Step {
        @Override
        public boolean settled(ReshardModel model) {
            return put.settled(model.items);
        }

        @Override
        public String step(ReshardInstances sut, ReshardModel model) {
            ExpectedTable items = model.items;
            Order order = (Order) put.item(items);
            PutItem<Object> request = PutItem.builder(via.declared(order)).mode(put.mode())
                    .condition(put.cond().condition(Kind.ORDER)).build();
            Sut s = sut.of(via);
            Outcome actual = s.call(put.async(), () -> s.table().put(request), () -> s.async().put(request),
                    ReshardItems::modelOrder);
            if (!via.writes(model.phase())) {
                return refused(actual, ExpectedTable.invalid(order)
                        ? Set.of(ItemValidationException.class) : Set.of());
            }
            if (refusedHere(via, model, actual)) {
                return null;
            }
            Order stored = (Order) items.withIds(order, null);
            Expect expected = items.put(stored, put.mode(), put.cond(), "PUT", true);
            if (!expected.fails()) {
                model.moved(ExpectedTable.keyPathOf(stored));
            }
            return expected.mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** An update (or upsert) of an order's slot through an instance of {@code via}, returning the new item or not. */
    record Update(Declaration via, int shop, int slot, List<Edit> edits, boolean upsert, Cond cond,
                  boolean returnNew, boolean async) implements Step {
        @Override
        public boolean settled(ReshardModel model) {
            return cond == Cond.NONE || !model.items.unsettled(model.items.order(shop, slot));
        }

        @Override
        @SuppressWarnings("unchecked")
        public String step(ReshardInstances sut, ReshardModel model) {
            ExpectedTable items = model.items;
            KeyPath path = items.order(shop, slot);
            UpdateSpec.Builder spec = UpdateSpec.builder();
            edits.forEach(e -> e.applyTo(spec, items.now()));
            spec.condition(cond.condition(Kind.ORDER));
            Returning returning = returnNew ? Returning.NEW : Returning.NONE;
            UpdateItem<Object> request = (UpdateItem<Object>) (UpdateItem<?>) UpdateItem
                    .builder(via.type, path, spec.build()).returning(returning)
                    .mode(upsert ? UpdateItem.Mode.UPSERT : UpdateItem.Mode.UPDATE_EXISTING).build();
            Sut s = sut.of(via);
            Outcome actual = s.call(async, () -> s.table().update(request), () -> s.async().update(request),
                    ReshardItems::modelOrder);
            if (!via.writes(model.phase())) {
                return refused(actual, ExpectedTable.refusedBeforeAnyRequest(Kind.ORDER, edits));
            }
            if (refusedHere(via, model, actual)) {
                return null;
            }
            Expect expected = items.update(Kind.ORDER, path, edits, upsert, null, cond, returning, "UPDATE");
            if (!expected.fails()) {
                model.moved(path);
            }
            return expected.mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A delete of an order's slot through an instance of {@code via}, with a condition, returning the item or not. */
    record Delete(Declaration via, int shop, int slot, Cond cond, boolean returnDeleted, boolean async)
            implements Step {
        @Override
        public boolean settled(ReshardModel model) {
            return cond == Cond.NONE || !model.items.unsettled(model.items.order(shop, slot));
        }

        @Override
        @SuppressWarnings("unchecked")
        public String step(ReshardInstances sut, ReshardModel model) {
            KeyPath path = model.items.order(shop, slot);
            DeleteItem.Builder<?> b = DeleteItem.builder(via.type, path).condition(cond.condition(Kind.ORDER));
            if (returnDeleted) {
                b.returnDeleted();
            }
            DeleteItem<Object> request = (DeleteItem<Object>) (DeleteItem<?>) b.build();
            Sut s = sut.of(via);
            Outcome actual = s.call(async, () -> s.table().delete(request), () -> s.async().delete(request),
                    r -> returnDeleted ? r.map(ReshardItems::modelOrder) : null);
            if (!via.writes(model.phase())) {
                return refused(actual, Set.of());
            }
            if (refusedHere(via, model, actual)) {
                return null;
            }
            return model.items.delete(Kind.ORDER, path, null, cond, returnDeleted).mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A get of an order's slot through an instance of {@code via}. */
    record Get(Declaration via, int shop, int slot, boolean async) implements Step {
        @Override
        public boolean settled(ReshardModel model) {
            return via.reads(model.phase());
        }

        @Override
        @SuppressWarnings("unchecked")
        public String step(ReshardInstances sut, ReshardModel model) {
            KeyPath path = model.items.order(shop, slot);
            Class<Object> type = (Class<Object>) via.type;
            Sut s = sut.of(via);
            Outcome actual = s.call(async, () -> s.table().get(type, path), () -> s.async().get(type, path),
                    o -> o.map(ReshardItems::modelOrder));
            return Expect.value(Optional.ofNullable(model.items.liveObject(path))).mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A batch get of order slots (and of slots no order has) through an instance of {@code via}. */
    record BatchGet(Declaration via, int shop, List<Integer> slots, boolean async) implements Step {
        @Override
        public boolean settled(ReshardModel model) {
            return via.reads(model.phase()) && !slots.isEmpty();
        }

        @Override
        public String step(ReshardInstances sut, ReshardModel model) {
            Set<KeyPath> paths = new HashSet<>();
            slots.forEach(slot -> paths.add(model.items.order(shop, slot)));
            List<ItemKey<?>> keys = paths.stream().<ItemKey<?>>map(p -> ItemKey.of(via.type, p)).toList();
            Sut s = sut.of(via);
            Outcome actual = s.call(async, () -> s.table().batchGet(keys, ReadConsistency.STRONG),
                    () -> s.async().batchGet(keys, ReadConsistency.STRONG),
                    l -> Batches.sorted(l.stream().map(ReshardItems::modelOrder).toList()));
            List<Object> expected = new ArrayList<>();
            paths.forEach(p -> Optional.ofNullable(model.items.liveObject(p)).ifPresent(expected::add));
            return Expect.value(Batches.sorted(expected)).mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /**
     * A query of the orders ({@link Reads.Query}, unprojected: a shop, its orders, a range, the local index by total,
     * the global index by status) through an instance of {@code via}, page by page alternating between its
     * synchronous and asynchronous table, and counted. A query of the local index is refused while the instance
     * declares the re-shard.
     */
    record Query(Declaration via, Reads.Query query) implements Step {
        @Override
        public boolean settled(ReshardModel model) {
            return via.reads(model.phase()) && query.over() != Over.BY_TOPIC && query.over() != Over.ACCOUNT;
        }

        @Override
        public String step(ReshardInstances sut, ReshardModel model) {
            ItemQuery q = query.query(model.items);
            Sut s = sut.of(via);
            boolean local = query.over() == Over.BY_TOTAL || query.over() == Over.TOTAL_RANGE;
            if (local && via == Declaration.RESHARDING) {
                Outcome refused = s.call(query.async(), () -> s.table().query(q), () -> s.async().query(q));
                return Expect.failure(ReshardInProgressException.class).mismatch(refused);
            }
            List<Object> got = new ArrayList<>();
            String token = null;
            int page = 0;
            do {
                ItemQuery next = q.toBuilder().pageToken(token).build();
                Outcome o = s.call(query.async() ^ page % 2 == 1, () -> s.table().query(next),
                        () -> s.async().query(next));
                if (!o.ok()) {
                    return "page " + page + " of " + q + " failed: " + Expect.describe(o.failure());
                }
                Page<?> p = (Page<?>) o.value();
                if (query.limit() > 0 && p.items().size() > query.limit()) {
                    return "page " + page + " of " + q + " holds " + p.items().size() + " items, over its limit";
                }
                p.items().forEach(i -> got.add(ReshardItems.modelOrder(i)));
                token = p.nextPageToken();
                page++;
            } while (token != null && page < 200);
            List<Object> expected = query.expected(model.items, q).stream().map(ExpectedTable.Stored::object)
                    .map(Object.class::cast).toList();
            String mismatch = Expect.value(comparable(expected)).mismatch(Outcome.of(comparable(got)));
            if (mismatch != null) {
                return q + ": " + mismatch;
            }
            if (query.count()) {
                Outcome n = s.call(query.async(), () -> s.table().count(q), () -> s.async().count(q));
                long wanted = query.limit() > 0 ? Math.min(expected.size(), query.limit()) : expected.size();
                String counted = Expect.value(wanted).mismatch(n);
                return counted == null ? null : "count of " + q + ": " + counted;
            }
            return null;
        }

        /** The global status index orders equal statuses by order id only: compared as sorted there. */
        private List<Object> comparable(List<Object> items) {
            return query.over() == Over.BY_STATUS ? Batches.sorted(items) : items;
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A parallel scan of the orders in {@code segments} segments through an instance of {@code via}. */
    record Scan(Declaration via, int segments, boolean async) implements Step {
        @Override
        public boolean settled(ReshardModel model) {
            return via.reads(model.phase());
        }

        @Override
        public String step(ReshardInstances sut, ReshardModel model) {
            return scanDifference(sut.of(via), via, segments, async, model);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    static String scanDifference(Sut s, Declaration via, int segments, boolean async, ReshardModel model) {
        ItemScan scan = ItemScan.of(b -> b.types(List.of(via.type)).consistency(ReadConsistency.STRONG));
        List<Object> seen = Collections.synchronizedList(new ArrayList<>());
        Outcome actual = async
                ? s.call(true, () -> null, () -> s.async().scanInParallel(scan, segments, p -> seen.addAll(p.items())),
                        n -> sortedOrders(seen))
                : s.call(false, () -> s.table().scanInParallel(scan, segments).toList(), () -> null,
                        ReshardSteps::sortedOrders);
        List<Object> expected = new ArrayList<>();
        model.items.liveItems().forEach(i -> expected.add(i.object()));
        String m = Expect.value(Batches.sorted(expected)).mismatch(actual);
        return m == null ? null : "scan in " + segments + " segments through " + via + ": " + m;
    }

    private static List<Object> sortedOrders(List<?> items) {
        return Batches.sorted(items.stream().map(ReshardItems::modelOrder).toList());
    }

    /**
     * Step 2's announcement: the switch to the new layout is announced in the layout record; with {@code waits}, the
     * command waits until it has passed (the end of its margin), as the re-shard's run does before it moves anything,
     * else the commands that follow run while it comes. Once announced, it only waits.
     */
    record Announce(boolean waits) implements Step {
        @Override
        public boolean settled(ReshardModel model) {
            return model.phase() == Phase.DECLARED || waits && model.phase() == Phase.ANNOUNCED;
        }

        @Override
        public String step(ReshardInstances sut, ReshardModel model) {
            if (model.phase() == Phase.DECLARED) {
                StoredLayouts.Switch s = StoredLayouts.announce(sut.client(), sut.table(), sut.reshardingSchema(),
                        ReshardInstances.MARGIN);
                if (s.finished()) {
                    return "the announcement found the re-shard finished: " + s;
                }
                model.announced(s.movesFrom().toEpochMilli());
            }
            if (waits) {
                switchPassed(model);
            }
            return null;
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** Waits until the announced switch has passed, as the run does before it moves anything. */
    private static void switchPassed(ReshardModel model) {
        if (model.phase() == Phase.ANNOUNCED) {
            sleepUntil(model.movesFrom());
            model.switched();
        }
    }

    /** Part of step 2's run: the orders of one shop moved into the new layout, each with the conditional move. */
    record Move(int shop) implements Step {
        @Override
        public boolean settled(ReshardModel model) {
            return model.phase() == Phase.ANNOUNCED || model.phase() == Phase.SWITCHED;
        }

        @Override
        public String step(ReshardInstances sut, ReshardModel model) {
            switchPassed(model);
            return moveAll(sut, model, ExpectedTable.SHOPS.get(shop));
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** The end of step 2's run: every order moved, then the re-shard recorded as finished. */
    record Finish() implements Step {
        @Override
        public boolean settled(ReshardModel model) {
            return model.phase() == Phase.ANNOUNCED || model.phase() == Phase.SWITCHED;
        }

        @Override
        public String step(ReshardInstances sut, ReshardModel model) {
            switchPassed(model);
            String failed = moveAll(sut, model, null);
            if (failed != null) {
                return failed;
            }
            StoredLayouts.finish(sut.client(), sut.table(), sut.reshardingSchema());
            model.finished();
            // every instance reads the record again before its next write
            sleepUntil(System.currentTimeMillis() + 2 * ReshardInstances.REFRESH.toMillis());
            return null;
        }

        @Override
        public String toString() {
            return "new Finish()";
        }
    }

    /** Moves every order (of {@code shop}, when not null) that is not where the new layout keeps it. */
    private static String moveAll(ReshardInstances sut, ReshardModel model, String shop) {
        var schema = sut.reshardingSchema();
        for (Map<String, AttributeValue> item : new RawTable(sut.client(), sut.table()).scan()) {
            if (!"Order".equals(item.get("_type").s())) {
                continue;
            }
            KeyPath path = StoredItemLayout.keyPathOf(item);
            if (shop != null && !path.id(0).asString().equals(shop)) {
                continue;
            }
            byte[] target = StoredShardMoves.newPartitionKey(schema, item);
            if (target != null) {
                try {
                    sut.client().transactWriteItems(StoredShardMoves.move(sut.table(), item, target));
                } catch (TransactionCanceledException e) {
                    return "the move of " + path + " was cancelled (" + StoredShardMoves.cancelled(e) + "): "
                            + e.getMessage();
                }
            }
            model.moved(path);
        }
        return null;
    }

    private static void sleepUntil(long epochMillis) {
        long wait = epochMillis - System.currentTimeMillis();
        if (wait > 0) {
            try {
                Thread.sleep(wait + 1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
