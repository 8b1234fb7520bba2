package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.TableConsistency;
import dev.keypath.dynamodb.internal.schema.ProjectionSchema;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * A page of whole items, or of a view the index's entries do not hold, from an index that holds only parts of them
 * (KEYS_ONLY or INCLUDE), without I/O: the page of the index's keys ({@link QueryPager#startKeys}), then the items
 * themselves by key ({@link BatchGets}, projected for a view, with its retry of unprocessed keys and throttling), in
 * the index's order. The page keeps the key page's token
 * and scanned count. An item deleted between the two reads is left out, so a page may hold fewer items than the
 * keys it read; an item changed in between comes back as it is now stored.
 */
final class IndexHydration {
    private IndexHydration() {
    }

    /**
     * The operation: {@code keys}, then one batch get of what it found, read with the query's consistency, its
     * requests asking for {@code ask} of capacity (null: not asking).
     */
    static Operation<Page<Object>> of(Operation<Page<Object>> keys, ItemQuery query, String table, BatchPolicy policy,
                                      SchemaRegistry registry, ReturnConsumedCapacity ask) {
        return Operations.then(keys, page -> {
            List<ItemKey<?>> found = new ArrayList<>(page.items().size());
            for (Object k : page.items()) {
                found.add((ItemKey<?>) k);
            }
            if (found.isEmpty()) {
                return Operations.done(new Page<>(List.of(), page.nextPageToken(), page.scannedCount()));
            }
            return Operations.map(BatchGets.read(table, found, TableConsistency.of(query), policy, registry, ask),
                    items -> new Page<>(items, page.nextPageToken(), page.scannedCount()));
        });
    }

    /**
     * The operation for a view: {@code keys} (of {@code itemType}'s items, the query naming that type), then one
     * batch get of those items projected on {@code projection}, read with the query's consistency.
     */
    static <P> Operation<Page<Object>> of(Operation<Page<Object>> keys, ItemQuery query, String table,
                                          BatchPolicy policy, SchemaRegistry registry, ProjectionSchema<P> projection,
                                          Class<?> itemType, ReturnConsumedCapacity ask) {
        return Operations.then(keys, page -> {
            List<KeyPath> found = new ArrayList<>(page.items().size());
            for (Object k : page.items()) {
                found.add(((ItemKey<?>) k).keyPath());
            }
            if (found.isEmpty()) {
                return Operations.done(new Page<>(List.of(), page.nextPageToken(), page.scannedCount()));
            }
            return Operations.map(BatchGets.readProjected(table, found, TableConsistency.of(query), policy, registry,
                    projection, itemType, ask), items -> new Page<>(new ArrayList<Object>(items), page.nextPageToken(),
                    page.scannedCount()));
        });
    }
}
