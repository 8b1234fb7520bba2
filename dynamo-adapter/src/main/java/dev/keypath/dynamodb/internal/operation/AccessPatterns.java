package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import java.util.Collection;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The names of access patterns: the name a query or scan was given, or one derived from its shape, and
 * {@code Type.operation} for reads and writes by key. A derived name holds namespaces, index names, type names and
 * flags, never an id, so that every call of one shape has one name (the documentation of
 * {@link ItemQuery.Builder#named} gives the format). Thread-safe; it keeps the single-item names it built.
 */
public final class AccessPatterns {
    /** Per type, its single-item names by operation: built once, so that a metered get allocates no name. */
    private static final ClassValue<Map<String, String>> SINGLE = new ClassValue<>() {
        @Override
        protected Map<String, String> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private AccessPatterns() {
    }

    /** {@code Post.get}: the type's simple name and the operation. */
    public static String single(Class<?> type, String operation) {
        Map<String, String> names = SINGLE.get(type);
        String name = names.get(operation);
        if (name == null) {
            name = type.getSimpleName() + "." + operation;
            names.putIfAbsent(operation, name);
        }
        return name;
    }

    /**
     * {@code Post.batchGet} for items of one type, {@code Comment+Post.batchGet} for several (simple names,
     * sorted), {@code batchGet} for none.
     */
    public static String ofTypes(Collection<Class<?>> types, String operation) {
        String names = typeNames(types);
        return names.isEmpty() ? operation : names + "." + operation;
    }

    /**
     * The name of {@code query} run as {@code operation} ({@code query}, {@code queryKeys}, {@code count}), read as
     * {@code view} (null: whole items): its own name, or one derived from its shape.
     */
    public static String query(ItemQuery query, String operation, Class<?> view) {
        if (query.name().isPresent()) {
            return query.name().get();
        }
        StringBuilder b = new StringBuilder(operation).append(' ');
        if (query.subtree().isPresent()) {
            template(b, query.subtree().get());
            b.append(" subtree");
        } else {
            KeyPath from = query.from().orElseThrow();
            KeyPath to = query.to().orElseThrow();
            template(b, from);
            if (!sameShape(from, to)) {
                template(b.append(".."), to);
            }
            b.append(" range");
        }
        if (query.index() != null) {
            b.append(" on ").append(query.index());
        }
        if (query.descending()) {
            b.append(" desc");
        }
        return tail(b, view, query.types(), query.filter().isPresent());
    }

    /** {@code deleteSubtree /user-{}/post}: {@code operation} and the shape of {@code prefix}. */
    public static String subtree(String operation, KeyPath prefix) {
        StringBuilder b = new StringBuilder(operation).append(' ');
        template(b, prefix);
        return b.toString();
    }

    /** The name of {@code scan} read as {@code view} (null: whole items): its own, or one derived from its shape. */
    public static String scan(ItemScan scan, Class<?> view) {
        if (scan.name().isPresent()) {
            return scan.name().get();
        }
        StringBuilder b = new StringBuilder("scan");
        if (scan.isSegment()) {
            b.append(" segments=").append(scan.totalSegments());
        }
        return tail(b, view, scan.types(), scan.filter().isPresent());
    }

    private static String tail(StringBuilder b, Class<?> view, Collection<Class<?>> types, boolean filtered) {
        if (view != null) {
            b.append(" as ").append(view.getSimpleName());
        }
        if (!types.isEmpty()) {
            b.append(" types=").append(typeNames(types));
        }
        if (filtered) {
            b.append(" filtered");
        }
        return b.toString();
    }

    /** {@code /user-{}/post-{}}: the namespaces, each id replaced by {@code {}}; an id-less element is left bare. */
    private static void template(StringBuilder b, KeyPath path) {
        for (int i = 0; i < path.size(); i++) {
            b.append('/').append(path.namespace(i));
            if (path.id(i) != null) {
                b.append("-{}");
            }
        }
    }

    private static boolean sameShape(KeyPath a, KeyPath b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.namespace(i).equals(b.namespace(i)) || (a.id(i) == null) != (b.id(i) == null)) {
                return false;
            }
        }
        return true;
    }

    private static String typeNames(Collection<Class<?>> types) {
        TreeSet<String> names = new TreeSet<>();
        for (Class<?> type : types) {
            names.add(type.getSimpleName());
        }
        return String.join("+", names);
    }
}
