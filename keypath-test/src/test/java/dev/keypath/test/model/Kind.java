package dev.keypath.test.model;

import dev.keypath.KeyPath;
import dev.keypath.test.model.ModelItems.Account;
import dev.keypath.test.model.ModelItems.Line;
import dev.keypath.test.model.ModelItems.Note;
import dev.keypath.test.model.ModelItems.Order;
import dev.keypath.test.model.ModelItems.Profile;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The three item types as the model sees them: each converts between its Java object and a document, the item's
 * attributes as DynamoDB should store them, in plain Java values (text, {@code Long}, sorted sets, lists, maps;
 * instants as their text). A document never holds a null: such attributes are absent. An empty set is an empty
 * set, stored as an empty list.
 */
enum Kind {
    ACCOUNT(Account.class, "createdAt", "updatedAt", true, "balance", "name") {
        @Override
        Map<String, Object> document(Object item) {
            Account a = (Account) item;
            Map<String, Object> d = new TreeMap<>();
            put(d, "email", a.email());
            put(d, "name", a.name());
            put(d, "tags", a.tags());
            put(d, "profile", a.profile() == null ? null : profile(a.profile()));
            put(d, "notes", a.notes());
            put(d, "balance", a.balance());
            put(d, "origin", a.origin());
            put(d, "expiresAt", a.expiresAt());
            put(d, "createdAt", a.createdAt());
            put(d, "updatedAt", a.updatedAt());
            put(d, "version", a.version());
            return d;
        }

        @Override
        Object object(KeyPath path, Map<String, Object> d) {
            Map<?, ?> p = (Map<?, ?>) d.get("profile");
            return new Account(path.id(0).asString(), text(d, "email"), text(d, "name"), texts(d, "tags"),
                    p == null ? null : new Profile((String) p.get("city"), (Long) p.get("visits")),
                    list(d, "notes"), (Long) d.get("balance"), text(d, "origin"), instant(d, "expiresAt"),
                    instant(d, "createdAt"), instant(d, "updatedAt"), (Long) d.get("version"));
        }
    },
    ORDER(Order.class, "created", "updated", false, "qty", "status") {
        @Override
        Map<String, Object> document(Object item) {
            Order o = (Order) item;
            Map<String, Object> d = new TreeMap<>();
            put(d, "status", o.status());
            put(d, "total", o.total());
            put(d, "ratings", o.ratings());
            put(d, "counts", o.counts() == null ? null : new TreeMap<>(o.counts()));
            put(d, "lines", o.lines());
            put(d, "qty", o.qty());
            put(d, "origin", o.origin());
            put(d, "expiresAt", o.expiresAt());
            put(d, "created", o.created() == 0 ? null : o.created());
            put(d, "updated", o.updated() == 0 ? null : o.updated());
            return d;
        }

        @Override
        @SuppressWarnings("unchecked")
        Object object(KeyPath path, Map<String, Object> d) {
            Set<Long> ratings = d.get("ratings") == null ? null : new TreeSet<>((Set<Long>) d.get("ratings"));
            Map<String, Long> counts = d.get("counts") == null ? null : new TreeMap<>((Map<String, Long>) d.get("counts"));
            return new Order(path.id(0).asString(), path.id(1).asLong(), text(d, "status"), (Long) d.get("total"),
                    ratings, counts, list(d, "lines"), (Long) d.get("qty"), text(d, "origin"),
                    instant(d, "expiresAt"), number(d, "created"), number(d, "updated"));
        }
    },
    NOTE(Note.class, null, "touched", true, "body", "title") {
        @Override
        Map<String, Object> document(Object item) {
            Note n = (Note) item;
            Map<String, Object> d = new TreeMap<>();
            put(d, "topic", n.topic());
            put(d, "title", n.title());
            put(d, "body", n.body());
            put(d, "labels", n.labels());
            put(d, "lines", n.lines() == null ? null : n.lines().stream().map(Kind::line).toList());
            put(d, "origin", n.origin());
            put(d, "touched", n.touched());
            put(d, "version", n.version());
            return d;
        }

        @Override
        Object object(KeyPath path, Map<String, Object> d) {
            List<Line> lines = null;
            if (d.get("lines") != null) {
                lines = new ArrayList<>();
                for (Object o : (List<?>) d.get("lines")) {
                    Map<?, ?> m = (Map<?, ?>) o;
                    lines.add(new Line((String) m.get("text"), (Long) m.get("n")));
                }
            }
            return new Note(path.id(0).asUuid(), text(d, "topic"), text(d, "title"),
                    text(d, "body"), texts(d, "labels"), lines, text(d, "origin"), instant(d, "touched"),
                    (Long) d.get("version"));
        }
    };

    final Class<?> type;
    /** The {@code @CreatedAt} attribute, or null. */
    final String created;
    /** The {@code @UpdatedAt} attribute. */
    final String updated;
    final boolean versioned;
    /** The attribute the model's "is absent" condition names. */
    final String absentAttribute;
    /** The attribute the model's "equals" condition names. */
    final String equalsAttribute;

    Kind(Class<?> type, String created, String updated, boolean versioned, String absentAttribute,
         String equalsAttribute) {
        this.type = type;
        this.created = created;
        this.updated = updated;
        this.versioned = versioned;
        this.absentAttribute = absentAttribute;
        this.equalsAttribute = equalsAttribute;
    }

    /** The item's attributes besides its key, as a put of {@code item} would store them before any extension. */
    abstract Map<String, Object> document(Object item);

    /** The object a read of the item at {@code path} holding {@code document} gives. */
    abstract Object object(KeyPath path, Map<String, Object> document);

    static Kind of(Class<?> type) {
        for (Kind k : values()) {
            if (k.type == type) {
                return k;
            }
        }
        throw new IllegalArgumentException(type.getName());
    }

    /** The stored type name ({@code _type}). */
    String typeName() {
        return type.getSimpleName();
    }

    /** The value of {@code @CreatedAt} or {@code @UpdatedAt} at {@code now}, in the attribute's stored form. */
    Object stamp(String attribute, Instant now) {
        if (this != ORDER) {
            return now.toString();
        }
        return attribute.equals("created") ? now.getEpochSecond() : now.toEpochMilli();
    }

    /** Adds a plain form of {@code value} unless it is null. */
    static void put(Map<String, Object> d, String name, Object value) {
        Object plain = plain(value);
        if (plain != null) {
            d.put(name, plain);
        }
    }

    /** The plain form of a field value: instants as text, integers as {@code Long}, sets sorted, records as maps. */
    static Object plain(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Instant i) {
            return i.toString();
        }
        if (v instanceof Integer i) {
            return i.longValue();
        }
        if (v instanceof Set<?> s) {
            TreeSet<Object> sorted = new TreeSet<>();
            s.forEach(e -> sorted.add(plain(e)));
            return sorted;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(e -> out.add(plain(e)));
            return out;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new TreeMap<>();
            m.forEach((k, e) -> out.put((String) k, plain(e)));
            return out;
        }
        if (v instanceof Profile p) {
            return profile(p);
        }
        if (v instanceof Line l) {
            return line(l);
        }
        return v;
    }

    private static Map<String, Object> profile(Profile p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("city", p.city());
        m.put("visits", p.visits());
        return m;
    }

    private static Map<String, Object> line(Line l) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("text", l.text());
        m.put("n", l.n());
        return m;
    }

    private static String text(Map<String, Object> d, String name) {
        return (String) d.get(name);
    }

    private static long number(Map<String, Object> d, String name) {
        Object v = d.get(name);
        return v == null ? 0 : (Long) v;
    }

    @SuppressWarnings("unchecked")
    private static Set<String> texts(Map<String, Object> d, String name) {
        Object v = d.get(name);
        return v == null ? null : new TreeSet<>((Set<String>) v);
    }

    @SuppressWarnings("unchecked")
    private static List<String> list(Map<String, Object> d, String name) {
        Object v = d.get(name);
        return v == null ? null : new ArrayList<>((List<String>) v);
    }

    private static Instant instant(Map<String, Object> d, String name) {
        Object v = d.get(name);
        return v == null ? null : Instant.parse((String) v);
    }
}
