package dev.keypath.spring.repository;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.spring.KeyPathDynamoOperations;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Runs a derived delete ({@code deleteBy…}) and returns how many items it deleted. When the query selects a whole
 * collection that holds nothing but the repository's items (no other registered type, and no deeper item of this
 * one, can be stored under it), the adapter's {@code deleteSubtree} removes it in batches of keys. Otherwise the
 * query's items are read page by page and deleted by key in batches. Inside a unit of work every delete is
 * recorded in the unit instead, and committed with it (at most 100 writes). Neither path is atomic outside a unit.
 * Stateless.
 */
final class QueryDeletes {
    /** Keys deleted per batch request of the query path. */
    static final int BATCH = 25;

    private QueryDeletes() {
    }

    /**
     * @param subtree the query's prefix when it is a plain subtree (no range, filter, index or limit), else null
     */
    static long delete(KeyPathDynamoOperations operations, Class<?> type, KeyPath subtree, QueryResults results) {
        KeyPathTable table = operations.table();
        boolean inUnit = TransactionSynchronizationManager.hasResource(table);
        if (subtree != null && !inUnit && holdsOnly(table, type, subtree)) {
            return operations.execute(t -> t.deleteSubtree(subtree)).deleted();
        }
        long deleted = 0;
        try (Stream<Object> items = results.stream()) {
            Iterator<Object> it = items.iterator();
            List<KeyPath> batch = new ArrayList<>(BATCH);
            while (it.hasNext()) {
                KeyPath keyPath = table.keyPathOf(it.next());
                deleted++;
                if (inUnit) {
                    operations.deleteById(type, keyPath);
                    continue;
                }
                batch.add(keyPath);
                if (batch.size() == BATCH) {
                    deleteBatch(operations, type, batch);
                }
            }
            if (!batch.isEmpty()) {
                deleteBatch(operations, type, batch);
            }
        }
        return deleted;
    }

    /**
     * The prefix a derived query reads when it is a plain subtree (no range, filter, index or limit), else null.
     * Called once the query's arguments have been checked.
     */
    static KeyPath subtreeOf(QueryPlan plan, ParametersParameterAccessor args, Integer max) {
        if (plan.range() != null || !plan.filters().isEmpty() || plan.index() != null || max != null) {
            return null;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (QueryPlan.Binding b : plan.equalities()) {
            values.put(b.variable(), args.getBindableValue(b.argument()));
        }
        return plan.template().bindPrefix(values);
    }

    private static void deleteBatch(KeyPathDynamoOperations operations, Class<?> type, List<KeyPath> keys) {
        List<KeyPath> copy = List.copyOf(keys);
        keys.clear();
        operations.execute(t -> t.batchWrite(b -> copy.forEach(k -> b.delete(type, k))));
    }

    /**
     * Whether everything under {@code prefix} can only be items of {@code type}: the prefix names a collection
     * (its last element has no id) at the depth of {@code type}'s key path, and no other registered type has a key
     * path starting with the prefix's namespaces.
     */
    static boolean holdsOnly(KeyPathTable table, Class<?> type, KeyPath prefix) {
        int n = prefix.size();
        if (prefix.id(n - 1) != null || table.schema(type).keyPathTemplate().size() != n) {
            return false;
        }
        List<Class<?>> types;
        try {
            types = table.registeredTypes();
        } catch (UnsupportedOperationException e) {
            return false;
        }
        for (Class<?> other : types) {
            if (other != type && startsWith(table.schema(other).keyPathTemplate(), prefix)) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(KeyPathTemplate template, KeyPath prefix) {
        if (template.size() < prefix.size()) {
            return false;
        }
        for (int i = 0; i < prefix.size(); i++) {
            if (!template.namespace(i).equals(prefix.namespace(i))) {
                return false;
            }
        }
        return true;
    }
}
