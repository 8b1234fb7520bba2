package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ReadConflictException;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The checks of a read-checked transaction: the condition that an item is still as it was read, the merging of
 * those conditions into the transaction's writes (a written item carries its check in its own condition; an item
 * only read gets a {@code ConditionCheck}), and the reading of a cancellation into a {@link ReadConflictException}
 * when a checked item changed. Pure.
 */
public final class ReadChecks {
    /** An unversioned item with more attributes than this cannot be compared in one condition. */
    static final int MAX_COMPARED_ATTRIBUTES = 100;
    private static final ReturnValuesOnConditionCheckFailure ALL_OLD = ReturnValuesOnConditionCheckFailure.ALL_OLD;

    private ReadChecks() {
    }

    /**
     * One item as a unit read it.
     *
     * @param raw the stored attributes, or null when the item was absent
     */
    public record Read(DefaultItemSchema<?> schema, KeyPath keyPath, Map<String, AttributeValue> raw) {
        /** Whether {@code current} (null or empty: absent) is the item as read, by the same measure as the check. */
        boolean matches(Map<String, AttributeValue> current) {
            boolean absent = current == null || current.isEmpty();
            if (raw == null || absent) {
                return raw == null && absent;
            }
            String version = versionAttribute(this);
            return version != null ? Objects.equals(raw.get(version), current.get(version)) : raw.equals(current);
        }
    }

    /**
     * The transaction's actions with the checks added.
     *
     * @param actions the writes in declaration order, then one condition check per item only read
     * @param checks  per action, the read it checks, or null
     * @param writes  how many of {@code actions} are the declared writes
     */
    public record Checked(List<WriteAction> actions, List<Read> checks, int writes) {
    }

    /**
     * The condition that {@code read}'s item is unchanged: its version, or every attribute as read and every null
     * field still absent, or the item's absence.
     */
    static Expr unchanged(Read read) {
        if (read.raw() == null) {
            return Expr.of("attribute_not_exists(#kp_rc_pk)", Map.of("#kp_rc_pk", TableAttributes.PK), Map.of());
        }
        String version = versionAttribute(read);
        if (version != null) {
            return Expr.of("#kp_rc_ver = :kp_rc_ver", Map.of("#kp_rc_ver", version),
                    Map.of(":kp_rc_ver", read.raw().get(version)));
        }
        List<String> compared = read.raw().keySet().stream()
                .filter(a -> !a.equals(TableAttributes.PK) && !a.equals(TableAttributes.SK)).toList();
        // a null field is stored as no attribute: it must still be absent
        List<String> absent = read.schema().fieldAttributes().stream().filter(a -> !read.raw().containsKey(a))
                .toList();
        if (compared.size() + absent.size() > MAX_COMPARED_ATTRIBUTES) {
            throw new IllegalArgumentException("cannot check that " + read.schema().typeName() + " " + read.keyPath()
                    + " is unchanged since read: it has " + (compared.size() + absent.size())
                    + " attributes and null fields, more than the " + MAX_COMPARED_ATTRIBUTES + " one condition can "
                    + "compare; give " + read.schema().type().getName() + " a @Version field, which is checked instead");
        }
        StringBuilder e = new StringBuilder();
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        for (int i = 0; i < compared.size(); i++) {
            String attribute = compared.get(i);
            AttributeValue value = read.raw().get(attribute);
            String name = "#kp_rc" + i;
            String placeholder = ":kp_rc" + i;
            names.put(name, attribute);
            if (e.length() > 0) {
                e.append(" AND ");
            }
            if (Boolean.TRUE.equals(value.nul())) {
                e.append("attribute_type(").append(name).append(", ").append(placeholder).append(')');
                values.put(placeholder, AttributeValues.string("NULL"));
            } else {
                e.append(name).append(" = ").append(placeholder);
                values.put(placeholder, value);
            }
        }
        for (int i = 0; i < absent.size(); i++) {
            String name = "#kp_rca" + i;
            names.put(name, absent.get(i));
            e.append(e.length() > 0 ? " AND " : "").append("attribute_not_exists(").append(name).append(')');
        }
        if (e.length() == 0) {
            return Expr.of("attribute_exists(#kp_rc_pk)", Map.of("#kp_rc_pk", TableAttributes.PK), Map.of());
        }
        return Expr.of(e.toString(), names, values);
    }

    /** The name of the version attribute the check compares, or null when every attribute is compared. */
    private static String versionAttribute(Read read) {
        String version = read.schema().versionAttribute().orElse(null);
        return version != null && read.raw() != null && read.raw().containsKey(version) ? version : null;
    }

    /**
     * {@code reads} as the commit of a table writing with {@code registry} checks them: each with its type's schema
     * there (which writes a re-sharded type's former layout until the switch).
     */
    public static List<Read> writtenBy(List<Read> reads, SchemaRegistry registry) {
        List<Read> out = new ArrayList<>(reads.size());
        for (Read r : reads) {
            DefaultItemSchema<?> schema = registry.of(r.schema().type());
            out.add(schema == r.schema() ? r : new Read(schema, r.keyPath(), r.raw()));
        }
        return out;
    }

    /** {@code writes} with each read item's check in the condition of its write, or in a check of its own. */
    public static Checked merge(List<WriteAction> writes, Collection<Read> reads) {
        Map<KeyPath, Read> pending = new LinkedHashMap<>();
        for (Read r : reads) {
            pending.put(r.keyPath(), r);
        }
        List<WriteAction> actions = new ArrayList<>(writes.size() + pending.size());
        List<Read> checks = new ArrayList<>(writes.size() + pending.size());
        for (WriteAction w : writes) {
            Read r = pending.remove(w.keyPath());
            checks.add(r);
            actions.add(r == null ? w : new WriteAction(w.kind(), w.keyPath(), w.key(), w.item(), w.update(),
                    w.condition().and(unchanged(r)), w.expectedVersion(), w.failureHint()));
        }
        for (Read r : pending.values()) {
            checks.add(r);
            // an item read is checked where it was found (its former layout's key while a re-shard runs), an
            // absent one where its write would go
            Map<String, AttributeValue> key = r.raw() != null ? KeyLimits.keyOfItem(r.raw())
                    : KeyLimits.keyOf(r.schema(), r.keyPath());
            actions.add(new WriteAction(WriteAction.Kind.CONDITION_CHECK, r.keyPath(), key, null, Expr.NONE,
                    unchanged(r), -1, "changed since read"));
        }
        return new Checked(List.copyOf(actions), checks, writes.size());
    }

    /**
     * {@code request} asking DynamoDB for the stored item of each checked write that has a condition of its own
     * besides the check, so that a failure of that write can be told apart: changed since read, or its own
     * condition.
     */
    public static TransactWriteItemsRequest withOldItems(TransactWriteItemsRequest request, Checked checked,
                                                  List<WriteAction> writes) {
        List<TransactWriteItem> items = new ArrayList<>(request.transactItems());
        for (int i = 0; i < checked.writes(); i++) {
            if (checked.checks().get(i) != null && !writes.get(i).condition().isEmpty()) {
                items.set(i, askOldItem(items.get(i)));
            }
        }
        return request.toBuilder().transactItems(items).build();
    }

    private static TransactWriteItem askOldItem(TransactWriteItem item) {
        if (item.put() != null) {
            return item.toBuilder().put(item.put().toBuilder().returnValuesOnConditionCheckFailure(ALL_OLD).build())
                    .build();
        }
        if (item.update() != null) {
            return item.toBuilder().update(item.update().toBuilder().returnValuesOnConditionCheckFailure(ALL_OLD)
                    .build()).build();
        }
        if (item.delete() != null) {
            return item.toBuilder().delete(item.delete().toBuilder().returnValuesOnConditionCheckFailure(ALL_OLD)
                    .build()).build();
        }
        return item.toBuilder().conditionCheck(item.conditionCheck().toBuilder()
                .returnValuesOnConditionCheckFailure(ALL_OLD).build()).build();
    }

    /**
     * The cancellation as a {@link ReadConflictException} when a checked item changed since read, otherwise as the
     * plain {@link TransactionFailedException}.
     *
     * @param writes the declared writes before the checks were merged (their own conditions)
     */
    public static TransactionFailedException failure(Checked checked, List<WriteAction> writes,
                                              TransactionCanceledException e) {
        TransactionFailedException plain = TransactWriteRequests.failure(checked.actions(), e);
        List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        List<KeyPath> changed = new ArrayList<>();
        for (int i = 0; i < reasons.size() && i < checked.actions().size(); i++) {
            Read read = checked.checks().get(i);
            if (read == null || !"ConditionalCheckFailed".equals(reasons.get(i).code())) {
                continue;
            }
            boolean ownCondition = i < checked.writes() && !writes.get(i).condition().isEmpty();
            if (!ownCondition || !read.matches(reasons.get(i).item())) {
                changed.add(read.keyPath());
            }
        }
        return changed.isEmpty() ? plain : new ReadConflictException(plain.failures(), changed, e);
    }
}
