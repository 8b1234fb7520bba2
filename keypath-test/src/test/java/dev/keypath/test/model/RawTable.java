package dev.keypath.test.model;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.test.model.ExpectedTable.Stored;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The table as DynamoDB holds it, read past the adapter with a plain client, and its comparison with the model:
 * every item attribute by attribute (keys, type, fields, version, timestamps, expiry, index keys, alias list), every
 * alias item and every sequence counter.
 */
final class RawTable {
    private final DynamoDbClient client;
    private final String table;

    RawTable(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    List<Map<String, AttributeValue>> scan() {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse r = client.scan(s -> s.tableName(table).consistentRead(true).exclusiveStartKey(from));
            all.addAll(r.items());
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return all;
    }

    /** Deletes every item, so that each command sequence starts on an empty table. */
    void clear() {
        List<WriteRequest> deletes = new ArrayList<>();
        for (Map<String, AttributeValue> item : scan()) {
            deletes.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder()
                    .key(Map.of("pk", item.get("pk"), "sk", item.get("sk"))).build()).build());
        }
        for (int i = 0; i < deletes.size(); i += 25) {
            List<WriteRequest> chunk = deletes.subList(i, Math.min(deletes.size(), i + 25));
            Map<String, List<WriteRequest>> left = Map.of(table, chunk);
            while (!left.isEmpty()) {
                Map<String, List<WriteRequest>> request = left;
                left = client.batchWriteItem(b -> b.requestItems(request)).unprocessedItems();
            }
        }
    }

    /** What differs between the stored table and {@code model}; empty when they agree. */
    List<String> differences(ExpectedTable model, Exploration explore) {
        List<String> diffs = new ArrayList<>();
        Map<KeyPath, Map<String, AttributeValue>> byPath = new TreeMap<>();
        for (Map<String, AttributeValue> item : scan()) {
            byPath.put(ShardKeys.keyPath(item.get("pk").b().asByteArray(), item.get("sk").b().asByteArray()), item);
        }
        for (Map.Entry<KeyPath, Map<String, AttributeValue>> e : byPath.entrySet()) {
            KeyPath path = e.getKey();
            Map<String, AttributeValue> raw = e.getValue();
            switch (path.namespace(0)) {
                case "_kp_alias" -> alias(model, path, raw, diffs);
                case "_kp_seq" -> counter(model, path, raw, diffs);
                case "_kp_layout" -> layout(raw, diffs);
                default -> {
                    Stored s = model.stored().get(path);
                    if (s == null) {
                        diffs.add("stored " + path + " that the model does not hold: " + render(raw));
                    } else {
                        compare(path, expected(s), raw, diffs, explore);
                    }
                }
            }
        }
        for (Stored s : model.stored().values()) {
            // an expired item may be gone at any time: DynamoDB's expiry, or a write that cleared it to go ahead
            if (!byPath.containsKey(s.path()) && !model.mayBeGone(s.path()) && !model.expired(s)) {
                diffs.add("missing " + s.path() + ": expected " + render(expected(s)));
            }
        }
        for (Stored s : model.liveItems()) {
            Object email = s.doc().get("email");
            if (email != null && !byPath.containsKey(aliasPath((String) email))) {
                diffs.add("missing the alias item of " + email + " held by " + s.path());
            }
        }
        model.counters().forEach((shop, n) -> {
            if (!byPath.containsKey(counterPath(shop))) {
                diffs.add("missing the sequence counter of /shop-" + shop + "/order (at " + n + ")");
            }
        });
        return diffs;
    }

    private static void alias(ExpectedTable model, KeyPath path, Map<String, AttributeValue> raw, List<String> diffs) {
        KeyPath alias = KeyPath.parse(path.id(0).asString());
        String email = alias.id(0).asString();
        KeyPath target = KeyPath.decode(raw.get("tpk").b().asByteArray(), raw.get("tsk").b().asByteArray());
        var holder = model.aliasHolder(email);
        if (holder.isPresent()) {
            Map<String, AttributeValue> expected = aliasItem(email, holder.get().path());
            compare(path, expected, raw, diffs, Exploration.NONE);
        } else if (!model.staleEmails().contains(email)) {
            diffs.add("alias item " + path + " points at " + target + " but no live item holds " + email
                    + " and none that held it expired");
        }
    }

    /**
     * The table's layout record (docs/FORMAT.md, section 12): it records each of the model's types with a layout and
     * no re-shard, as they are declared.
     */
    private static void layout(Map<String, AttributeValue> raw, List<String> diffs) {
        if (!"_kp_layout".equals(raw.get("_type").s())) {
            diffs.add("the layout record's _type is " + render(raw));
            return;
        }
        raw.forEach((name, entry) -> {
            if (name.startsWith("t:") && (!entry.hasM() || !entry.m().containsKey("layout")
                    || entry.m().containsKey("to"))) {
                diffs.add("the layout record's entry " + name + " is not a layout without a re-shard: "
                        + render(raw));
            }
        });
    }

    private static void counter(ExpectedTable model, KeyPath path, Map<String, AttributeValue> raw,
                                List<String> diffs) {
        KeyPath collection = KeyPath.parse(path.id(0).asString());
        String shop = collection.id(0).asString();
        Long n = model.counters().get(shop);
        if (n == null) {
            diffs.add("a sequence counter " + path + " the model does not hold: " + render(raw));
            return;
        }
        Map<String, AttributeValue> expected = keys(path);
        expected.put("_type", AttributeValue.fromS("_kp_sequence"));
        expected.put("n", AttributeValue.fromN(Long.toString(n)));
        compare(path, expected, raw, diffs, Exploration.NONE);
    }

    static KeyPath aliasPath(String email) {
        return KeyPath.of("_kp_alias", KeyPath.of("email", email).toString());
    }

    static KeyPath counterPath(String shop) {
        return KeyPath.of("_kp_seq", KeyPath.of("shop", shop).then("order").toString());
    }

    private static Map<String, AttributeValue> aliasItem(String email, KeyPath holder) {
        Map<String, AttributeValue> m = keys(aliasPath(email));
        m.put("_type", AttributeValue.fromS("_kp_alias"));
        m.put("tpk", bytes(holder.partitionKey()));
        m.put("tsk", bytes(holder.sortKey()));
        m.put("tt", AttributeValue.fromS("Account"));
        return m;
    }

    /** The raw item the model expects for {@code s}. */
    static Map<String, AttributeValue> expected(Stored s) {
        Map<String, AttributeValue> m = keys(s.path());
        if (s.kind() == Kind.ORDER) { // in its shop's shard of the order id, at schema version 2
            m.put("pk", bytes(ShardKeys.encode(s.path(), ShardKeys.calculatedShard(ModelItems.ORDER_SHARDS,
                    List.of(s.path().id(1))))));
            m.put("_kp_v", AttributeValue.fromN("2"));
        }
        m.put("_type", AttributeValue.fromS(s.kind().typeName()));
        s.doc().forEach((name, v) -> m.put(name, attribute(v)));
        if (s.ttl() != null) {
            m.put("_ttl", AttributeValue.fromN(Long.toString(s.ttl())));
        }
        Map<String, Object> d = s.doc();
        switch (s.kind()) {
            case ACCOUNT -> {
                if (d.get("email") != null) {
                    m.put("_kp_aliases", AttributeValue.fromL(List.of(
                            AttributeValue.fromS(KeyPath.of("email", (String) d.get("email")).toString()))));
                }
            }
            case ORDER -> {
                long id = s.path().id(1).asLong();
                if (d.get("status") != null) {
                    KeyPath k = KeyPath.of("status", (String) d.get("status")).then("order", id);
                    m.put("byStatus_pk", bytes(k.partitionKey()));
                    m.put("byStatus_sk", bytes(k.sortKey()));
                }
                if (d.get("total") != null) {
                    m.put("byTotal_sk", bytes(lsiPath(s).sortKey()));
                }
            }
            case NOTE -> {
                if (d.get("topic") != null) {
                    KeyPath k = gsiTopicPath(s);
                    m.put("byTopic_pk", bytes(k.partitionKey()));
                    m.put("byTopic_sk", bytes(k.sortKey()));
                }
            }
        }
        return m;
    }

    static KeyPath lsiPath(Stored s) {
        return KeyPath.of("shop", s.path().id(0).asString()).then("total", (Long) s.doc().get("total"))
                .then("order", s.path().id(1).asLong());
    }

    static KeyPath gsiTopicPath(Stored s) {
        return KeyPath.of("topic", (String) s.doc().get("topic")).then("note", s.path().id(0).asUuid());
    }

    static void compare(KeyPath path, Map<String, AttributeValue> expected, Map<String, AttributeValue> raw,
                                List<String> diffs, Exploration explore) {
        Set<String> names = new TreeSet<>(expected.keySet());
        names.addAll(raw.keySet());
        for (String name : names) {
            String want = expected.containsKey(name) ? render(expected.get(name)) : "absent";
            String got = raw.containsKey(name) ? render(raw.get(name)) : "absent";
            if (name.equals("_kp_aliases") && want.equals("absent") && got.equals("L[]")) {
                continue; // no alias held: an empty list or no attribute, both are "none"
            }
            if (explore.rawNulls() && want.equals("absent") && got.equals("NULL")) {
                continue;
            }
            if (explore.setsAsLists() && (want.startsWith("SS[") || want.startsWith("NS[")) && got.startsWith("L") && sameElements(want, got)) {
                continue;
            }
            if (!want.equals(got)) {
                diffs.add(path + " attribute " + name + ": expected " + want + ", stored " + got);
            }
        }
    }

    /** Whether a rendered set and a rendered list hold the same elements (sets-as-lists exploration). */
    private static boolean sameElements(String set, String list) {
        String elements = set.substring(3, set.length() - 1);
        String listed = list.substring(2, list.length() - 1).replaceAll("[SN]\\(([^)]*)\\)", "$1");
        return new TreeSet<>(List.of(elements.split(", "))).equals(new TreeSet<>(List.of(listed.split(", "))));
    }

    private static Map<String, AttributeValue> keys(KeyPath path) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put("pk", bytes(path.partitionKey()));
        m.put("sk", bytes(path.sortKey()));
        return m;
    }

    private static AttributeValue bytes(byte[] b) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(b));
    }

    /** A document value as DynamoDB should store it: text S, Long N, sets SS/NS (empty: L []), lists L, maps M. */
    static AttributeValue attribute(Object v) {
        if (v instanceof String s) {
            return AttributeValue.fromS(s);
        }
        if (v instanceof Long n) {
            return AttributeValue.fromN(Long.toString(n));
        }
        if (v instanceof Set<?> set) {
            if (set.isEmpty()) {
                return AttributeValue.fromL(List.of());
            }
            if (set.iterator().next() instanceof Long) {
                return AttributeValue.fromNs(set.stream().map(Object::toString).toList());
            }
            return AttributeValue.fromSs(set.stream().map(String.class::cast).toList());
        }
        if (v instanceof List<?> l) {
            return AttributeValue.fromL(l.stream().map(RawTable::attribute).toList());
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, AttributeValue> out = new LinkedHashMap<>();
            m.forEach((k, e) -> out.put((String) k, attribute(e)));
            return AttributeValue.fromM(out);
        }
        throw new IllegalArgumentException("no attribute form for " + v);
    }

    /** One canonical text per stored value: sets sorted, numbers without trailing zeros, maps by key. */
    static String render(AttributeValue v) {
        if (v.s() != null) {
            return "S(" + v.s() + ")";
        }
        if (v.n() != null) {
            return "N(" + number(v.n()) + ")";
        }
        if (v.b() != null) {
            return "B(" + HexFormat.of().formatHex(v.b().asByteArray()) + ")";
        }
        if (v.bool() != null) {
            return "BOOL(" + v.bool() + ")";
        }
        if (Boolean.TRUE.equals(v.nul())) {
            return "NULL";
        }
        if (v.hasSs()) {
            return "SS" + new TreeSet<>(v.ss());
        }
        if (v.hasNs()) {
            return "NS" + v.ns().stream().map(RawTable::number).sorted().toList();
        }
        if (v.hasBs()) {
            return "BS" + v.bs().stream().map(b -> HexFormat.of().formatHex(b.asByteArray())).sorted().toList();
        }
        if (v.hasL()) {
            return "L" + v.l().stream().map(RawTable::render).toList();
        }
        if (v.hasM()) {
            Map<String, String> m = new TreeMap<>();
            v.m().forEach((k, e) -> m.put(k, render(e)));
            return "M" + m;
        }
        return v.toString();
    }

    static String render(Map<String, AttributeValue> item) {
        Map<String, String> m = new TreeMap<>();
        item.forEach((k, e) -> m.put(k, render(e)));
        return m.toString();
    }

    private static String number(String n) {
        return new BigDecimal(n).stripTrailingZeros().toPlainString();
    }
}
