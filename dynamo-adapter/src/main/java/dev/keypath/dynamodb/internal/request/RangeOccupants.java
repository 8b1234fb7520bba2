package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyRange;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.util.Set;

/**
 * What the registered types prove about the items a query's key range can hold: whether each of them is of a type
 * the query returns, so that DynamoDB's {@code Limit}, which counts the items it reads, can ask for exactly the
 * items a page still needs. On the table every registered type's key path template is judged against the range's
 * bounds ({@link dev.keypath.dynamodb.internal.schema.KeyLayout#mayLieIn}); on a secondary index only the types that
 * declare the index can have entries there (an index holds the items whose secondary key is set), each judged by its
 * secondary key path. keypath's own items (sequence counters, alias items, FORMAT.md section 12) live in partitions
 * whose namespace starts with {@code _kp_}, which no range of such a partition is proven free of. Items no registered
 * type reads (another application's, an unreadable one) prove nothing: a page that drops one reads again. Pure.
 */
public final class RangeOccupants {
    /** The namespace prefix of keypath's own partitions. */
    private static final String INTERNAL_PARTITION = "_kp_";

    private RangeOccupants() {
    }

    /**
     * Whether every item a query of {@code range} on {@code target} can read is of one of {@code typeNames} (their
     * stored names; empty for every registered type).
     */
    public static boolean onlyOf(SchemaRegistry registry, QueryRequests.Target target, KeyRange range,
                                 Set<String> typeNames) {
        if (range.from().namespace(0).startsWith(INTERNAL_PARTITION)) {
            return false;
        }
        if (typeNames.isEmpty()) {
            return true;
        }
        for (DefaultItemSchema<?> s : registry.schemas()) {
            if (!typeNames.contains(s.typeName()) && mayHold(s, target, range)) {
                return false;
            }
        }
        return true;
    }

    /** Whether an item of {@code schema}'s type can lie in {@code range} on {@code target}. */
    private static boolean mayHold(DefaultItemSchema<?> schema, QueryRequests.Target target, KeyRange range) {
        if (target.index() == null) {
            return schema.keyLayout().mayLieIn(range);
        }
        for (DefaultItemSchema.SecondaryKey k : schema.secondaryKeys()) {
            if (k.index().equals(target.index()) && k.template().mayLieIn(range)) {
                return true;
            }
        }
        return false;
    }
}
