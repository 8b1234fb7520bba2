package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The access-pattern names of one table's queries ({@link AccessPatterns#query}), the derived ones kept by the
 * query's shape, so that a metered query finds its name by one map lookup and a walk of its key paths' namespaces
 * instead of building it again. What is kept is the shape (the operation, each bound's namespaces and which elements
 * carry ids, the index, the order, the view, the types, whether it filters), never an id; shapes are found under
 * their first namespace. Kept per table rather than for the process, since a shape holds the application's classes.
 * Past {@value #MAX_SHAPES} shapes nothing more is kept and each further shape's name is built each time.
 * Thread-safe.
 */
final class QueryNames {
    /** The most shapes kept: far above any application's access patterns × operations. */
    static final int MAX_SHAPES = 10_000;

    /** Per first namespace of the query's bound, the shapes seen (linked). */
    private final Map<String, Shape> shapes = new ConcurrentHashMap<>();
    private final AtomicInteger kept = new AtomicInteger();

    /** The name of {@code query} run as {@code operation}, read as {@code view} (null: whole items). */
    String name(ItemQuery query, String operation, Class<?> view) {
        if (query.name().isPresent()) {
            return query.name().get();
        }
        KeyPath from = query.subtree().orElseGet(() -> query.from().orElseThrow());
        String first = from.namespace(0);
        Shape found = match(shapes.get(first), query, operation, view);
        if (found != null) {
            return found.name;
        }
        String name = AccessPatterns.query(query, operation, view);
        if (kept.get() < MAX_SHAPES) {
            shapes.compute(first, (ns, head) -> {
                if (match(head, query, operation, view) != null) {
                    return head;
                }
                kept.incrementAndGet();
                return new Shape(query, operation, view, name, head);
            });
        }
        return name;
    }

    /** How many shapes are kept. */
    int size() {
        return kept.get();
    }

    private static Shape match(Shape head, ItemQuery query, String operation, Class<?> view) {
        for (Shape s = head; s != null; s = s.next) {
            if (s.matches(query, operation, view)) {
                return s;
            }
        }
        return null;
    }

    /** One shape of query and its name; linked to the other shapes under the same first namespace. */
    private static final class Shape {
        private final String operation;
        private final PathShape from;
        /** The upper bound of a range; null for a subtree. */
        private final PathShape to;
        private final String index;
        private final boolean descending;
        private final Class<?> view;
        private final List<Class<?>> types;
        private final boolean filtered;
        private final String name;
        private final Shape next;

        Shape(ItemQuery query, String operation, Class<?> view, String name, Shape next) {
            boolean subtree = query.subtree().isPresent();
            this.operation = operation;
            this.from = new PathShape(subtree ? query.subtree().get() : query.from().orElseThrow());
            this.to = subtree ? null : new PathShape(query.to().orElseThrow());
            this.index = query.index();
            this.descending = query.descending();
            this.view = view;
            this.types = List.copyOf(query.types());
            this.filtered = query.filter().isPresent();
            this.name = name;
            this.next = next;
        }

        boolean matches(ItemQuery query, String operation, Class<?> view) {
            if (!this.operation.equals(operation) || this.view != view || descending != query.descending()
                    || filtered != query.filter().isPresent() || !Objects.equals(index, query.index())
                    || !types.equals(query.types())) {
                return false;
            }
            if (to == null) {
                return query.subtree().isPresent() && from.matches(query.subtree().get());
            }
            return query.subtree().isEmpty() && from.matches(query.from().orElseThrow())
                    && to.matches(query.to().orElseThrow());
        }
    }

    /** The shape of a key path: its namespaces and which of its elements carry an id. */
    private static final class PathShape {
        private final String[] namespaces;
        private final boolean[] ids;

        PathShape(KeyPath path) {
            namespaces = new String[path.size()];
            ids = new boolean[path.size()];
            for (int i = 0; i < namespaces.length; i++) {
                namespaces[i] = path.namespace(i);
                ids[i] = path.id(i) != null;
            }
        }

        boolean matches(KeyPath path) {
            if (path.size() != namespaces.length) {
                return false;
            }
            for (int i = 0; i < namespaces.length; i++) {
                if (ids[i] != (path.id(i) != null) || !namespaces[i].equals(path.namespace(i))) {
                    return false;
                }
            }
            return true;
        }
    }
}
