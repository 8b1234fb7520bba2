package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.SchemaEvolution;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What an update requires of the stored item's version ({@code _kp_v}): an update names attributes as the current
 * form stores them, so it is right only on an item stored at the newest version that changed one of them or later,
 * up to the version the table writes. An item stored earlier (its attributes still in an older form) or by newer code
 * fails the update's condition and is left as it was; rewrite it at the current version first. A type at version 1
 * requires that the item carries no version: an item a newer declaration of the type stored is not this code's to
 * change. While a table writes the version before the current one, an update of an attribute the newest version
 * changed is refused before any request. Pure.
 */
final class StoredVersions {
    /** The condition of an update of a type at version 1: the item (if any) is stored at version 1, without one. */
    static final Expr UNVERSIONED = Expr.of("attribute_not_exists(#kp_v)",
            Map.of("#kp_v", TableAttributes.SCHEMA_VERSION), Map.of());

    private StoredVersions() {
    }

    /**
     * The condition on the stored version of an update of {@code touched} (top-level attribute names) to an item
     * of {@code evolution}'s type ({@link #UNVERSIONED} at version 1). {@code upsert}: the item may also be absent,
     * and then only an item stored at the written version qualifies, since the update stamps that version.
     */
    static Expr condition(SchemaEvolution evolution, Set<String> touched, boolean upsert, String typeName,
                          KeyPath keyPath) {
        return condition(evolution, touched, upsert, typeName, keyPath, false);
    }

    /**
     * As {@link #condition(SchemaEvolution, Set, boolean, String, KeyPath)}; {@code current}: the table upgrades
     * older items on write, so the update applies as planned only to an item at the current version (or, for an
     * upsert, no item), and any older one fails the condition and is handed back to be upgraded with the update.
     */
    static Expr condition(SchemaEvolution evolution, Set<String> touched, boolean upsert, String typeName,
                          KeyPath keyPath, boolean current) {
        if (evolution.current() == 1) {
            return UNVERSIONED;
        }
        if (current && evolution.writeVersion() == evolution.current()) {
            Map<String, String> names = upsert ? Map.of("#kp_v", TableAttributes.SCHEMA_VERSION, "#kp_pk",
                    TableAttributes.PK) : Map.of("#kp_v", TableAttributes.SCHEMA_VERSION);
            return Expr.of(upsert ? "(attribute_not_exists(#kp_pk) OR #kp_v = :kp_vhi)" : "#kp_v = :kp_vhi", names,
                    Map.of(":kp_vhi", AttributeValues.number(evolution.current())));
        }
        Set<String> refused = new TreeSet<>(evolution.unwrittenAttributes());
        refused.retainAll(touched);
        if (!refused.isEmpty()) {
            throw new InvalidUpdateException("Cannot update " + refused + " of " + typeName + " while the table "
                    + "writes version " + evolution.writeVersion() + " (writePreviousVersion): version "
                    + evolution.current() + " changes how they are stored; put the whole item, or update them once "
                    + "every instance writes version " + evolution.current(), typeName, String.join(", ", refused),
                    keyPath, null);
        }
        int write = evolution.writeVersion();
        int lowest = upsert ? write : evolution.lastChangeOf(touched);
        Map<String, String> names = Map.of("#kp_v", TableAttributes.SCHEMA_VERSION);
        if (lowest <= 1) {
            return Expr.of("(attribute_not_exists(#kp_v) OR #kp_v <= :kp_vhi)", names,
                    Map.of(":kp_vhi", AttributeValues.number(write)));
        }
        if (upsert) {
            return Expr.of("(attribute_not_exists(#kp_pk) OR #kp_v = :kp_vhi)",
                    Map.of("#kp_v", TableAttributes.SCHEMA_VERSION, "#kp_pk", TableAttributes.PK),
                    Map.of(":kp_vhi", AttributeValues.number(write)));
        }
        return Expr.of("#kp_v BETWEEN :kp_vlo AND :kp_vhi", names,
                Map.of(":kp_vlo", AttributeValues.number(lowest), ":kp_vhi", AttributeValues.number(write)));
    }
}
