package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.AttributePath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.UpdateSpec.Change;
import dev.keypath.dynamodb.UpdateSpec.ValueOf;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.internal.expression.DerivedAttributes;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.SetValues;
import dev.keypath.dynamodb.internal.expression.UpdateEffects;
import dev.keypath.dynamodb.internal.expression.UpdatePaths;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.expression.VersionedConditions;
import dev.keypath.dynamodb.internal.extension.ExtensionWrites;
import dev.keypath.dynamodb.internal.extension.ItemExtensions;
import dev.keypath.dynamodb.internal.extension.VersionExtension;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds the {@link WriteAction} of an update: checks every path against the type ({@link UpdatePaths}), refuses
 * key, reserved, version and timestamp ({@code @CreatedAt}, {@code @UpdatedAt}) attributes, converts the values, and writes one expression with a {@code SET},
 * {@code REMOVE}, {@code ADD} and {@code DELETE} clause, every name and value a placeholder. The condition
 * requires an item of the type (or, for an upsert, no item or one of the type); a versioned type's version is
 * incremented and, when expected, checked. Pure apart from value conversion; not thread-safe (one per update).
 */
public final class UpdateActions {
    /**
     * An update's action, the attribute paths it writes, comma-separated (for error messages), and what its own
     * changes leave in the item.
     */
    public record Planned(WriteAction action, String paths, UpdateEffects effects) {
    }

    private static final AttributeValue EMPTY_LIST = AttributeValue.builder().l(List.of()).build();

    private final DefaultItemSchema<?> schema;
    private final KeyPath keyPath;
    private final ValueConverter values;
    private final String typeName;
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, AttributeValue> vals = new LinkedHashMap<>();
    private final List<String> sets = new ArrayList<>();
    private final List<String> removes = new ArrayList<>();
    private final List<String> adds = new ArrayList<>();
    private final List<String> deletes = new ArrayList<>();
    private final List<String> paths = new ArrayList<>();
    /** The value placeholder of each top-level attribute the caller sets to a value, for the write hooks. */
    private final Map<String, String> setPlaceholders = new LinkedHashMap<>();
    /** The top-level attributes the update writes or reads, for the condition on the stored version. */
    private final Set<String> touched = new java.util.HashSet<>();
    /** Top-level attributes the caller's changes replace whole (a value set, or removed), without reading them. */
    private final Set<String> replaced = new java.util.HashSet<>();
    /** Top-level attributes the caller's changes read or change in part (arithmetic, appends, nested paths). */
    private final Set<String> builtOn = new java.util.HashSet<>();
    /** Whether the table upgrades older items on write: the plan then applies to an item at the current version. */
    private boolean currentOnly;
    /** The stored item at an older version that this plan also upgrades, or null. */
    private Map<String, AttributeValue> upgrading;
    /** The path {@link #target} resolved last. */
    private UpdatePaths.Resolved lastTarget;
    private UpdateEffects.Builder effects;

    private UpdateActions(DefaultItemSchema<?> schema, KeyPath keyPath, ValueConverter values) {
        this.schema = schema;
        this.keyPath = keyPath;
        this.values = values;
        this.typeName = schema.type().getSimpleName();
    }

    /** The action of an update of an existing item. */
    public static WriteAction action(DefaultItemSchema<?> schema, KeyPath keyPath, UpdateSpec spec, ValueConverter values) {
        return action(schema, keyPath, spec, values, WriteKind.UPDATE, versionOnly(schema));
    }

    /** The update of an existing item with the write hooks of the table's {@code extensions} for {@code kind}. */
    public static WriteAction action(DefaultItemSchema<?> schema, KeyPath keyPath, UpdateSpec spec, ValueConverter values,
                                     WriteKind kind, ItemExtensions extensions) {
        return new UpdateActions(schema, keyPath, values).build(spec, UpdateItem.Mode.UPDATE_EXISTING, kind, extensions)
                .action();
    }

    /** The action of {@code update} with the version extension only, with the paths it writes. */
    public static Planned plan(DefaultItemSchema<?> schema, UpdateItem<?> update, ValueConverter values) {
        return plan(schema, update, values, WriteKind.UPDATE, versionOnly(schema));
    }

    /** The action of {@code update} with the table's {@code extensions} for {@code kind}, and the paths it writes. */
    public static Planned plan(DefaultItemSchema<?> schema, UpdateItem<?> update, ValueConverter values, WriteKind kind,
                               ItemExtensions extensions) {
        return new UpdateActions(schema, update.keyPath(), values).build(update.spec(), update.mode(), kind, extensions);
    }

    /**
     * As {@link #plan(DefaultItemSchema, UpdateItem, ValueConverter, WriteKind, ItemExtensions)};
     * {@code upgradeOnWrite}: the table upgrades older items on write, so the plan applies only to an item at the
     * type's current version, and an older item fails its condition, to be planned again by {@link #planUpgrading}.
     */
    public static Planned plan(DefaultItemSchema<?> schema, UpdateItem<?> update, ValueConverter values, WriteKind kind,
                               ItemExtensions extensions, boolean upgradeOnWrite) {
        UpdateActions actions = new UpdateActions(schema, update.keyPath(), values);
        actions.currentOnly = upgradeOnWrite;
        return actions.build(update.spec(), update.mode(), kind, extensions);
    }

    /**
     * {@code update} of {@code stored}, an item of the type at an older version, planned as one {@code UpdateItem}
     * that also brings the item to the current version ({@link StoredUpgrades}): it writes the attributes the
     * upgrade changes that the update does not replace, on condition that the stored type name, {@code _kp_v} and
     * each attribute the upgrade changes still hold what was read, besides the update's own conditions. Null when
     * the update builds on the stored value of an attribute the upgrade changes (an increment, an append, a nested
     * path, a value read from it): DynamoDB would apply it to the older form, so the item is upgraded first.
     */
    public static Planned planUpgrading(DefaultItemSchema<?> schema, UpdateItem<?> update, ValueConverter values,
                                        WriteKind kind, ItemExtensions extensions, Map<String, AttributeValue> stored) {
        UpdateActions actions = new UpdateActions(schema, update.keyPath(), values);
        actions.upgrading = stored;
        return actions.build(update.spec(), UpdateItem.Mode.UPDATE_EXISTING, kind, extensions);
    }

    private static ItemExtensions versionOnly(DefaultItemSchema<?> schema) {
        return new ItemExtensions(List.of(schema), List.of(VersionExtension.INSTANCE), Clock.systemUTC());
    }

    private Planned build(UpdateSpec spec, UpdateItem.Mode mode, WriteKind kind, ItemExtensions extensions) {
        schema.checkKeyPath(keyPath);
        Map<String, AttributeValue> key = KeyLimits.keyOf(schema, keyPath);
        effects = new UpdateEffects.Builder(spec);
        for (Change c : spec.changes()) {
            add(c);
        }
        DerivedAttributes.of(schema, keyPath, spec, mode, values).forEach((attribute, v) -> {
            touched.add(attribute);
            if (v == null) {
                removes.add(name(attribute));
            } else {
                sets.add(name(attribute) + " = " + value(v));
            }
        });
        Map<String, AttributeValue> setValues = new LinkedHashMap<>();
        setPlaceholders.forEach((attribute, placeholder) -> setValues.put(attribute, vals.get(placeholder)));
        ExtensionWrites.Update extended = ExtensionWrites.update(kind, schema, keyPath, spec, setValues, extensions,
                values);
        // an extension's value for an attribute the caller sets replaces the caller's
        extended.overrides().forEach((attribute, v) -> vals.put(setPlaceholders.get(attribute), v));
        sets.addAll(extended.sets());
        adds.addAll(extended.adds());
        names.putAll(extended.names());
        vals.putAll(extended.values());
        long expected = extended.expectedVersion();
        AttributeValue type = AttributeValues.string(schema.evolution().writtenTypeName());
        Map<String, String> typeNames = Map.of("#kp_type", TableAttributes.TYPE, "#kp_pk", TableAttributes.PK);
        Expr cond;
        String hint;
        StoredUpgrades upgrade = null;
        if (upgrading != null) {
            upgrade = StoredUpgrades.of(schema, keyPath, upgrading);
            for (String attribute : upgrade.changed()) {
                if (builtOn.contains(attribute)) {
                    return null;
                }
            }
            type = upgrading.get(TableAttributes.TYPE);
            upgrade.changes().forEach((attribute, v) -> {
                if (!replaced.contains(attribute)) {
                    if (v == null) {
                        removes.add(name(attribute));
                    } else {
                        sets.add(name(attribute) + " = " + value(v));
                    }
                }
            });
        }
        if (mode == UpdateItem.Mode.UPSERT) {
            names.put("#kp_type", TableAttributes.TYPE);
            vals.put(":kp_type", type);
            sets.add("#kp_type = :kp_type");
            cond = Expr.of("attribute_not_exists(#kp_pk) OR #kp_type = :kp_type", typeNames,
                    Map.of(":kp_type", type));
            hint = "an item of another type than " + schema.typeName() + " exists";
        } else {
            cond = Expr.of("attribute_exists(#kp_pk) AND #kp_type = :kp_type", typeNames, Map.of(":kp_type", type));
            hint = "no " + schema.typeName() + " exists";
        }
        if (extensions.codecs().encodes(schema)) {
            Set<String> written = new LinkedHashSet<>(touched);
            written.addAll(extended.names().values());
            if (mode == UpdateItem.Mode.UPSERT) {
                written.add(TableAttributes.TYPE);
            }
            extensions.codecs().checkUpdate(schema, keyPath, written);
        }
        Expr stored = upgrade != null ? upgrade.condition() : StoredVersions.condition(schema.evolution(), touched,
                mode == UpdateItem.Mode.UPSERT, typeName, keyPath, currentOnly);
        if (upgrade != null) {
            cond = cond.and(stored);
            hint += " or the stored item changed while it was upgraded to version " + schema.schemaVersion();
        } else if (stored == StoredVersions.UNVERSIONED) {
            cond = cond.and(stored); // an item of a newer version fails it: NewerItemVersionException, not a hint
        } else if (!stored.isEmpty()) {
            cond = cond.and(stored);
            hint += currentOnly
                    ? " or the stored item is at an older version of " + schema.typeName() + " and kept changing "
                            + "while it was upgraded to version " + schema.schemaVersion()
                    : " or the stored item is at a version of " + schema.typeName() + " this update cannot change "
                            + "(rewrite it at version " + schema.schemaVersion() + " first)";
            if (mode == UpdateItem.Mode.UPSERT && schema.evolution().writeVersion() > 1) {
                names.put("#kp_v", TableAttributes.SCHEMA_VERSION);
                vals.put(":kp_vw", AttributeValues.number(schema.evolution().writeVersion()));
                sets.add("#kp_v = :kp_vw");
            }
        }
        cond = cond.and(extended.condition());
        if (!extended.conditionHint().isEmpty()) {
            hint += " or " + extended.conditionHint();
        }
        if (spec.condition() != null) {
            Expr c = values.toExpr(spec.condition());
            ExpressionChecks.condition(extensions.codecs(), schema, c);
            cond = cond.and(VersionedConditions.condition(c, schema, keyPath));
            hint += " or condition not met: " + c.expression();
        }
        if (spec.requestToken().isPresent()) {
            cond = cond.and(UpdateEffects.tokenNotHeld(values.paths().resolve(schema.type(),
                    spec.requestToken().get().attribute(), keyPath).top(), spec.requestToken().get().token()));
            hint += " or the item holds request token " + spec.requestToken().get().token();
        }
        if (schema.hasTtl()) {
            // an expired item is absent: an update fails on it, an upsert replaces it (WriteOverExpired)
            cond = cond.and(ExpiredItems.live(extensions.clock().instant().getEpochSecond()));
        }
        StringBuilder expr = new StringBuilder();
        clause(expr, "SET", sets);
        clause(expr, "REMOVE", removes);
        clause(expr, "ADD", adds);
        clause(expr, "DELETE", deletes);
        return new Planned(new WriteAction(WriteAction.Kind.UPDATE, keyPath, key, null,
                Expr.of(expr.toString(), names, vals), cond, expected, hint), String.join(", ", paths),
                effects.build(vals));
    }

    private static void clause(StringBuilder expr, String keyword, List<String> actions) {
        if (!actions.isEmpty()) {
            expr.append(expr.length() > 0 ? " " : "").append(keyword).append(' ').append(String.join(", ", actions));
        }
    }

    private void add(Change c) {
        String p = target(c.path());
        boolean whole = lastTarget.steps().size() == 1 && (c.action() == UpdateSpec.Action.REMOVE
                || c.action() == UpdateSpec.Action.SET && !(c.value() instanceof ValueOf));
        (whole ? replaced : builtOn).add(lastTarget.top());
        if (c.action() == UpdateSpec.Action.SET && lastTarget.field() && c.value() == null) {
            removes.add(p); // a null field is stored as no attribute, as a put stores it
            effects.remove(lastTarget.steps());
            return;
        }
        switch (c.action()) {
            case SET -> {
                String v = operand(c.value(), c.path());
                sets.add(p + " = " + v);
                effects.set(lastTarget.steps(), c, v);
                if (lastTarget.steps().size() == 1 && !(c.value() instanceof ValueOf)) {
                    setPlaceholders.put(lastTarget.top(), v);
                }
            }
            case SUM -> sets.add(p + " = " + operand(c.value(), c.path()) + " + " + operand(c.operand(), c.path()));
            case DIFFERENCE -> sets.add(p + " = " + operand(c.value(), c.path()) + " - "
                    + operand(c.operand(), c.path()));
            case APPEND -> sets.add(p + " = list_append(if_not_exists(" + p + ", " + value(EMPTY_LIST) + "), "
                    + value(c.value(), c.path()) + ")");
            case PREPEND -> sets.add(p + " = list_append(" + value(c.value(), c.path()) + ", if_not_exists(" + p
                    + ", " + value(EMPTY_LIST) + "))");
            case REMOVE -> {
                removes.add(p);
                effects.remove(lastTarget.steps());
            }
            case ADD -> adds.add(p + " " + value(AttributeValue.builder().n(numberText((Number) c.value(), c.path()))
                    .build()));
            case ADD_TO_SET, DELETE_FROM_SET -> {
                String v = value(SetValues.of((List<?>) c.value(), lastTarget, c.path(), typeName, keyPath, values));
                (c.action() == UpdateSpec.Action.ADD_TO_SET ? adds : deletes).add(p + " " + v);
                effects.setChange(lastTarget.steps(), v, c.action() == UpdateSpec.Action.ADD_TO_SET);
            }
        }
        switch (c.action()) {
            case SUM, DIFFERENCE, APPEND, PREPEND, ADD -> effects.computed(); // the result depends on what is stored
            default -> {
            }
        }
    }

    /** The written path: checked against the type, and never a key, reserved or version attribute. */
    private String target(AttributePath path) {
        UpdatePaths.Resolved r = values.paths().resolve(schema.type(), path, keyPath);
        String top = r.top();
        if (schema.isKeyField(top) || schema.reservedAttributes().contains(top)
                || schema.versionAttribute().filter(top::equals).isPresent()) {
            throw new InvalidUpdateException("Cannot update '" + top + "' of " + typeName
                    + ": key fields, reserved attributes and the version are not updatable", typeName, r.text(),
                    keyPath, null);
        }
        String stamp = timestampAnnotation(top);
        if (stamp != null) {
            throw new InvalidUpdateException("Cannot update '" + top + "' of " + typeName + ": it is its " + stamp
                    + " time, which the table writes itself, as it writes the version", typeName, r.text(), keyPath,
                    null);
        }
        paths.add(r.text());
        touched.add(top);
        lastTarget = r;
        effects.wrote(top);
        return render(r);
    }

    /** {@code @CreatedAt} or {@code @UpdatedAt} when {@code attribute} holds that timestamp, else null. */
    private String timestampAnnotation(String attribute) {
        if (schema.createdAt() != null && schema.createdAt().attribute().equals(attribute)) {
            return "@CreatedAt";
        }
        return schema.updatedAt() != null && schema.updatedAt().attribute().equals(attribute) ? "@UpdatedAt" : null;
    }

    /** A read path: checked against the type; key fields and reserved attributes are not stored as attributes. */
    private String source(AttributePath path) {
        UpdatePaths.Resolved r = values.paths().resolve(schema.type(), path, keyPath);
        if (schema.isKeyField(r.top()) || schema.reservedAttributes().contains(r.top())) {
            throw new InvalidUpdateException("Cannot read '" + r.top() + "' of " + typeName + " in an update: key "
                    + "fields and reserved attributes are not stored as attributes", typeName, r.text(), keyPath, null);
        }
        touched.add(r.top());
        builtOn.add(r.top());
        return render(r);
    }

    private String render(UpdatePaths.Resolved r) {
        StringBuilder b = new StringBuilder();
        for (Object step : r.steps()) {
            if (step instanceof Integer i) {
                b.append('[').append(i).append(']');
            } else {
                b.append(b.length() == 0 ? "" : ".").append(name((String) step));
            }
        }
        return b.toString();
    }

    private String name(String name) {
        for (Map.Entry<String, String> e : names.entrySet()) {
            if (e.getValue().equals(name) && e.getKey().startsWith("#kp_n")) {
                return e.getKey();
            }
        }
        String placeholder = "#kp_n" + names.size();
        names.put(placeholder, name);
        return placeholder;
    }

    private String operand(Object v, AttributePath where) {
        if (v instanceof ValueOf ref) {
            String read = source(ref.path());
            return ref.hasFallback() ? "if_not_exists(" + read + ", " + value(ref.fallback(), ref.path()) + ")" : read;
        }
        return value(v, where);
    }

    private String value(Object v, AttributePath where) {
        return value(values.toAttribute(v, typeName + "." + where));
    }

    private String value(AttributeValue v) {
        String placeholder = ":kp_u" + vals.size();
        vals.put(placeholder, v);
        return placeholder;
    }

    private String numberText(Number n, AttributePath where) {
        if (n instanceof Double || n instanceof Float) {
            double d = n.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new InvalidUpdateException("Cannot add " + n + " to " + typeName + "." + where
                        + ": DynamoDB numbers are finite", typeName, where.toString(), keyPath, null);
            }
            return AttributeValues.decimalText(n instanceof Float f ? new BigDecimal(Float.toString(f))
                    : BigDecimal.valueOf(d));
        }
        return n instanceof BigDecimal d ? AttributeValues.decimalText(d) : n.toString();
    }
}
