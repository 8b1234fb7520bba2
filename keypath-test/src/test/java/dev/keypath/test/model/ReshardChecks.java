package dev.keypath.test.model;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.test.model.ExpectedTable.Stored;
import dev.keypath.test.model.ReshardItems.Declaration;
import dev.keypath.test.model.ReshardModel.Where;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the re-shard model checks after every command: that every instance that may read sees each live order
 * through get, batch get, the query and count of each shop, and a parallel scan; and that the raw table holds each
 * order exactly once, where the re-shard's step says (the former layout, the new one, or either for an order not
 * written or moved since the switch), attribute by attribute with its schema version, and the sequence counters the
 * model allocated, so a refused write that changed anything shows.
 */
final class ReshardChecks {
    private ReshardChecks() {
    }

    /** What an instance of {@code via} reads differently from the model; null when nothing. */
    static String visibility(ReshardInstances sut, Declaration via, ReshardModel model, boolean async) {
        Sut s = sut.of(via);
        String scanned = ReshardSteps.scanDifference(s, via, 2, async, model);
        if (scanned != null) {
            return scanned;
        }
        List<Stored> live = model.items.liveItems();
        for (int shop = 0; shop < ExpectedTable.SHOPS.size(); shop++) {
            KeyPath shopPath = KeyPath.of("shop", ExpectedTable.SHOPS.get(shop));
            ItemQuery q = ItemQuery.of(b -> b.subtree(shopPath));
            List<Object> expected = live.stream().filter(i -> i.path().startsWith(shopPath)).map(Stored::object)
                    .toList();
            List<Object> got = new ArrayList<>();
            String token = null;
            do {
                ItemQuery next = q.toBuilder().pageToken(token).build();
                Outcome o = s.call(async, () -> s.table().query(next), () -> s.async().query(next));
                if (!o.ok()) {
                    return "the query of " + shopPath + " through " + via + " failed: " + Expect.describe(o.failure());
                }
                Page<?> p = (Page<?>) o.value();
                p.items().forEach(i -> got.add(ReshardItems.modelOrder(i)));
                token = p.nextPageToken();
            } while (token != null);
            String m = Expect.value(expected).mismatch(Outcome.of(got));
            if (m != null) {
                return "the query of " + shopPath + " through " + via + ": " + m;
            }
            Outcome n = s.call(async, () -> s.table().count(q), () -> s.async().count(q));
            m = Expect.value((long) expected.size()).mismatch(n);
            if (m != null) {
                return "the count of " + shopPath + " through " + via + ": " + m;
            }
        }
        List<ItemKey<?>> keys = live.stream().<ItemKey<?>>map(i -> ItemKey.of(via.type, i.path())).toList();
        if (!keys.isEmpty()) {
            Outcome batch = s.call(async, () -> s.table().batchGet(keys, ReadConsistency.STRONG),
                    () -> s.async().batchGet(keys, ReadConsistency.STRONG),
                    l -> Batches.sorted(l.stream().map(ReshardItems::modelOrder).toList()));
            String m = Expect.value(Batches.sorted(live.stream().map(Stored::object).map(Object.class::cast).toList()))
                    .mismatch(batch);
            if (m != null) {
                return "the batch get of every live order through " + via + ": " + m;
            }
        }
        for (Stored i : live) {
            @SuppressWarnings("unchecked")
            Class<Object> type = (Class<Object>) via.type;
            Outcome got = s.call(!async, () -> s.table().get(type, i.path()), () -> s.async().get(type, i.path()),
                    o -> o.map(ReshardItems::modelOrder));
            String m = Expect.value(Optional.of(i.object())).mismatch(got);
            if (m != null) {
                return "the get of " + i.path() + " through " + via + ": " + m;
            }
        }
        return null;
    }

    /** How the raw table differs from the model; empty when it agrees. */
    static List<String> raw(ReshardInstances sut, ReshardModel model) {
        List<String> diffs = new ArrayList<>();
        Map<KeyPath, List<Map<String, AttributeValue>>> copies = new HashMap<>();
        for (Map<String, AttributeValue> item : new RawTable(sut.client(), sut.table()).scan()) {
            KeyPath path = ShardKeys.keyPath(item.get("pk").b().asByteArray(), item.get("sk").b().asByteArray());
            switch (path.namespace(0)) {
                case "_kp_layout" -> {
                }
                case "_kp_seq" -> {
                    String shop = KeyPath.parse(path.id(0).asString()).id(0).asString();
                    Long n = model.items.counters().get(shop);
                    String stored = item.get("n").n();
                    if (n == null || !n.toString().equals(stored)) {
                        diffs.add("the sequence counter of shop " + shop + " is at " + stored + ", the model's at "
                                + n);
                    }
                }
                default -> copies.computeIfAbsent(path, p -> new ArrayList<>()).add(item);
            }
        }
        copies.forEach((path, stored) -> {
            Stored s = model.items.stored().get(path);
            if (s == null) {
                diffs.add("stored " + path + " that the model does not hold: " + RawTable.render(stored.get(0)));
                return;
            }
            if (stored.size() > 1) {
                diffs.add(path + " is stored " + stored.size() + " times: "
                        + stored.stream().map(RawTable::render).toList());
                return;
            }
            Map<String, AttributeValue> item = stored.get(0);
            Map<String, AttributeValue> expected = new HashMap<>(RawTable.expected(s));
            byte[] former = pk(path, ModelItems.ORDER_SHARDS);
            byte[] moved = pk(path, ReshardItems.NEW_SHARDS);
            byte[] pk = item.get("pk").b().asByteArray();
            Where where = model.where(path);
            boolean inNew = Arrays.equals(pk, moved);
            boolean inFormer = Arrays.equals(pk, former);
            if (where == Where.FORMER && !inFormer || where == Where.NEW && !inNew
                    || where == Where.EITHER && !inNew && !inFormer) {
                diffs.add(path + " is stored under " + RawTable.render(item.get("pk")) + ", not in the "
                        + (where == Where.EITHER ? "former or new" : where.name().toLowerCase()) + " layout");
            }
            expected.put("pk", item.get("pk"));
            RawTable.compare(path, expected, item, diffs, Exploration.NONE);
        });
        for (Stored s : model.items.stored().values()) {
            if (!copies.containsKey(s.path()) && !model.items.mayBeGone(s.path()) && !model.items.expired(s)) {
                diffs.add("missing " + s.path() + ": expected " + RawTable.render(RawTable.expected(s)));
            }
        }
        return diffs;
    }

    private static byte[] pk(KeyPath path, int shards) {
        return ShardKeys.encode(path, ShardKeys.calculatedShard(shards, List.of(path.id(1))));
    }
}
