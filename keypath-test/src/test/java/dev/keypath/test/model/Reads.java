package dev.keypath.test.model;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.Projection;
import dev.keypath.test.model.Batches.Target;
import dev.keypath.test.model.ExpectedTable.Stored;
import dev.keypath.test.model.ModelItems.Account;
import dev.keypath.test.model.ModelItems.Note;
import dev.keypath.test.model.ModelItems.NoteView;
import dev.keypath.test.model.ModelItems.Order;
import dev.keypath.test.model.ModelItems.OrderView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;

/** Reads: gets (whole, projected, by alias), queries of the table and its indexes, parallel scans, clock moves. */
final class Reads {
    static final List<String> STATUSES = List.of("open", "paid");
    static final List<String> TOPICS = List.of("x", "y");
    static final List<Long> TOTALS = List.of(-5L, 0L, 10L, 20L);

    private Reads() {
    }

    /** Moves the clock forward by {@code millis} (items whose expiry it passes become absent). */
    record Tick(long millis) implements Command {
        @Override
        public String step(Sut sut, ExpectedTable model) {
            model.advance(millis);
            return null;
        }

        @Override
        public boolean isNoop() {
            return millis == 0;
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A get of one item, whole or projected onto its view (orders and notes). */
    record Get(Target target, boolean projected, boolean async) implements Command {
        @Override
        public String step(Sut sut, ExpectedTable model) {
            KeyPath path = target.path(model);
            Object live = model.liveObject(path);
            Outcome actual;
            Object expected;
            if (projected && target.kind() != Kind.ACCOUNT) {
                Projection<Object> p = projection(target.kind());
                actual = sut.call(async, () -> sut.table().get(p, path), () -> sut.async().get(p, path), o -> o);
                expected = Optional.ofNullable(live == null ? null : view(live));
            } else {
                @SuppressWarnings("unchecked")
                Class<Object> type = (Class<Object>) target.kind().type;
                actual = sut.call(async, () -> sut.table().get(type, path), () -> sut.async().get(type, path), o -> o);
                expected = Optional.ofNullable(live);
            }
            return Expect.value(expected).mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    @SuppressWarnings("unchecked")
    static Projection<Object> projection(Kind kind) {
        return (Projection<Object>) (Projection<?>) (kind == Kind.ORDER ? Projection.of(Order.class, OrderView.class)
                : Projection.of(Note.class, NoteView.class));
    }

    static Object view(Object item) {
        if (item instanceof Order o) {
            return new OrderView(o.shopId(), o.orderId(), o.status(), o.total());
        }
        Note n = (Note) item;
        return new NoteView(n.noteId(), n.topic(), n.title());
    }

    /** The account holding e-mail {@code email} of {@link Puts#EMAILS}, read through its alias. */
    record GetByAlias(int email, boolean async) implements Command {
        @Override
        public String step(Sut sut, ExpectedTable model) {
            String e = Puts.EMAILS.get(email);
            KeyPath alias = KeyPath.of("email", e);
            Outcome actual = sut.call(async, () -> sut.table().getByAlias(Account.class, alias),
                    () -> sut.async().getByAlias(Account.class, alias));
            return Expect.value(model.aliasHolder(e).map(Stored::object)).mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** What a query reads: the table, its local index or a global index, over a subtree or a range. */
    enum Over {
        /** The subtree of a shop: its orders. */
        SHOP,
        /** The orders collection of a shop ({@code /shop-s/order}, an id-less last element). */
        ORDERS,
        /** The orders of a shop between two order slots. */
        ORDER_RANGE,
        /** The local index by total, over a shop. */
        BY_TOTAL,
        /** The local index between two totals. */
        TOTAL_RANGE,
        /** The sparse KEYS_ONLY global index, one status. */
        BY_STATUS,
        /** The INCLUDE global index, one topic. */
        BY_TOPIC,
        /** The subtree of one account. */
        ACCOUNT
    }

    /**
     * A query read page by page ({@code limit} items per page, 0 for no limit; pages alternate between the two
     * tables, as their page tokens are shared), optionally counted and projected.
     */
    record Query(Over over, int shop, int a, int b, boolean descending, int limit, boolean projected, boolean count,
                 boolean async) implements Command {
        ItemQuery query(ExpectedTable model) {
            KeyPath shopPath = KeyPath.of("shop", ExpectedTable.SHOPS.get(shop));
            ItemQuery.Builder q = ItemQuery.builder().descending(descending).limit(limit);
            switch (over) {
                case SHOP -> q.subtree(shopPath);
                case ORDERS -> q.subtree(shopPath.then("order"));
                case ORDER_RANGE -> q.between(low(model.order(shop, a), model.order(shop, b)),
                        high(model.order(shop, a), model.order(shop, b)));
                case BY_TOTAL -> q.index("byTotal").subtree(shopPath.then("total"));
                case TOTAL_RANGE -> q.index("byTotal").between(shopPath.then("total", Math.min(total(a), total(b))),
                        shopPath.then("total", Math.max(total(a), total(b))));
                case BY_STATUS -> q.index("byStatus").subtree(KeyPath.of("status", STATUSES.get(a % 2)));
                case BY_TOPIC -> q.index("byTopic").subtree(KeyPath.of("topic", TOPICS.get(a % 2)));
                case ACCOUNT -> q.subtree(model.account(a));
            }
            return q.build();
        }

        private static long total(int i) {
            return TOTALS.get(i % TOTALS.size());
        }

        private static KeyPath low(KeyPath x, KeyPath y) {
            return x.compareTo(y) <= 0 ? x : y;
        }

        private static KeyPath high(KeyPath x, KeyPath y) {
            return x.compareTo(y) <= 0 ? y : x;
        }

        boolean viewable() {
            return projected && over != Over.BY_STATUS && over != Over.BY_TOPIC && over != Over.ACCOUNT;
        }

        /** The live items the query selects, in its order; ties of a global index by table key path. */
        List<Stored> expected(ExpectedTable model, ItemQuery q) {
            List<Stored> out = new ArrayList<>();
            Function<Stored, KeyPath> key = Stored::path;
            for (Stored s : model.liveItems()) {
                boolean in = switch (over) {
                    case SHOP, ORDERS, ORDER_RANGE, ACCOUNT -> inRange(s.path(), q);
                    case BY_TOTAL, TOTAL_RANGE -> s.kind() == Kind.ORDER && s.doc().get("total") != null
                            && inRange(RawTable.lsiPath(s), q);
                    case BY_STATUS -> s.kind() == Kind.ORDER && STATUSES.get(a % 2).equals(s.doc().get("status"));
                    case BY_TOPIC -> s.kind() == Kind.NOTE && TOPICS.get(a % 2).equals(s.doc().get("topic"));
                };
                if (in) {
                    out.add(s);
                }
            }
            if (over == Over.BY_TOTAL || over == Over.TOTAL_RANGE) {
                key = RawTable::lsiPath;
            } else if (over == Over.BY_TOPIC) {
                key = RawTable::gsiTopicPath;
            } else if (over == Over.BY_STATUS) {
                key = s -> KeyPath.of("status", (String) s.doc().get("status")).then("order", s.path().id(1).asLong());
            }
            Comparator<Stored> order = Comparator.comparing(key);
            out.sort(descending ? order.reversed() : order);
            return out;
        }

        private static boolean inRange(KeyPath p, ItemQuery q) {
            if (q.subtree().isPresent()) {
                KeyPath prefix = q.subtree().get();
                return p.startsWith(prefix) || prefix.lastId().isEmpty() && p.size() >= prefix.size()
                        && p.prefix(prefix.size() - 1).equals(prefix.parent().orElseThrow())
                        && p.namespace(prefix.size() - 1).equals(prefix.last().namespace());
            }
            return p.compareTo(q.from().orElseThrow()) >= 0 && p.compareTo(q.to().orElseThrow()) <= 0;
        }

        @Override
        public String step(Sut sut, ExpectedTable model) {
            ItemQuery q = query(model);
            List<Object> got = new ArrayList<>();
            String token = null;
            int page = 0;
            do {
                ItemQuery next = q.toBuilder().pageToken(token).build();
                boolean onAsync = async ^ (page % 2 == 1);
                Outcome o;
                if (viewable()) {
                    Projection<OrderView> p = Projection.of(Order.class, OrderView.class);
                    o = sut.call(onAsync, () -> sut.table().query(p, next), () -> sut.async().query(p, next));
                } else {
                    o = sut.call(onAsync, () -> sut.table().query(next), () -> sut.async().query(next));
                }
                if (!o.ok()) {
                    return "page " + page + " of " + q + " failed: " + Expect.describe(o.failure());
                }
                Page<?> p = (Page<?>) o.value();
                if (limit > 0 && p.items().size() > limit) {
                    return "page " + page + " of " + q + " holds " + p.items().size() + " items, over its limit";
                }
                got.addAll(p.items());
                token = p.nextPageToken();
                page++;
            } while (token != null && page < 200);
            List<Stored> want = expected(model, q);
            List<Object> expected = new ArrayList<>();
            want.forEach(s -> expected.add(viewable() ? view(s.object()) : s.object()));
            String mismatch = Expect.value(comparable(expected)).mismatch(Outcome.of(comparable(got)));
            if (mismatch != null) {
                return q + ": " + mismatch;
            }
            if (count) {
                Outcome n = sut.call(async, () -> sut.table().count(q), () -> sut.async().count(q));
                // a count stops at the query's limit (limit(1): whether any item exists)
                long wanted = limit > 0 ? Math.min(want.size(), limit) : want.size();
                String counted = Expect.value(wanted).mismatch(n);
                if (counted != null) {
                    return "count of " + q + ": " + counted;
                }
            }
            return null;
        }

        /** The global status index orders equal statuses by order id only: compared as sorted there. */
        private List<Object> comparable(List<Object> items) {
            if (over != Over.BY_STATUS) {
                return items;
            }
            List<Object> out = new ArrayList<>(items);
            out.sort(Comparator.comparing(i -> ExpectedTable.keyPathOf(i).toString()));
            return out;
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** A parallel scan in {@code segments} segments of the types in {@code types} (bits: account, order, note). */
    record Scan(int segments, int types, boolean async) implements Command {
        @Override
        public String step(Sut sut, ExpectedTable model) {
            List<Class<?>> classes = new ArrayList<>();
            for (Kind k : Kind.values()) {
                if ((types & (1 << k.ordinal())) != 0) {
                    classes.add(k.type);
                }
            }
            ItemScan scan = ItemScan.of(s -> s.types(classes).consistency(dev.keypath.dynamodb.ReadConsistency.STRONG));
            Outcome actual;
            if (async) {
                ConcurrentLinkedQueue<Object> seen = new ConcurrentLinkedQueue<>();
                actual = sut.call(true, () -> null,
                        () -> sut.async().scanInParallel(scan, segments, page -> seen.addAll(page.items())),
                        n -> Batches.sorted(new ArrayList<>(seen)));
            } else {
                actual = sut.call(false, () -> sut.table().scanInParallel(scan, segments).toList(), () -> null,
                        Batches::sorted);
            }
            List<Object> expected = new ArrayList<>();
            for (Stored s : model.liveItems()) {
                if (classes.isEmpty() || classes.contains(s.kind().type)) {
                    expected.add(s.object());
                }
            }
            return Expect.value(Batches.sorted(expected)).mismatch(actual);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }
}
