package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.internal.mapping.DefaultItemSchema;
import dev.keypath.dynamodb.internal.mapping.ItemExtensions;
import dev.keypath.dynamodb.internal.mapping.TableAttributes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds the {@link WriteAction} of an update of non-key fields. Pure apart from value conversion. */
final class UpdateActions {
    private UpdateActions() {
    }

    public static WriteAction action(DefaultItemSchema<?> schema, KeyPath keyPath, UpdateSpec spec, ValueConverter values) {
        ItemExtensions builtIns = new ItemExtensions(List.of(schema), List.of(VersionExtension.INSTANCE), Clock.systemUTC());
        return action(schema, keyPath, spec, values, WriteKind.UPDATE, builtIns);
    }

    /** The update with the write hooks of the table's {@code extensions} for {@code kind}. */
    public static WriteAction action(DefaultItemSchema<?> schema, KeyPath keyPath, UpdateSpec spec, ValueConverter values,
                                     WriteKind kind, ItemExtensions extensions) {
        Map<String, AttributeValue> key = KeyLimits.keyOf(keyPath);
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> vals = new LinkedHashMap<>();
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        List<String> adds = new ArrayList<>();
        Map<String, AttributeValue> setValues = new LinkedHashMap<>();
        int i = 0;
        for (Map.Entry<String, Object> e : spec.sets().entrySet()) {
            check(schema, keyPath, e.getKey());
            names.put("#kp_u" + i, e.getKey());
            vals.put(":kp_u" + i, values.toAttribute(e.getValue(), schema.type().getSimpleName() + "." + e.getKey()));
            setValues.put(e.getKey(), vals.get(":kp_u" + i));
            sets.add("#kp_u" + i + " = :kp_u" + i);
            i++;
        }
        for (String r : spec.removes()) {
            check(schema, keyPath, r);
            names.put("#kp_u" + i, r);
            removes.add("#kp_u" + i);
            i++;
        }
        for (Map.Entry<String, Number> e : spec.adds().entrySet()) {
            check(schema, keyPath, e.getKey());
            names.put("#kp_u" + i, e.getKey());
            vals.put(":kp_u" + i, AttributeValue.builder().n(e.getValue().toString()).build());
            adds.add("#kp_u" + i + " :kp_u" + i);
            i++;
        }
        ExtensionWrites.Update extended = ExtensionWrites.update(kind, schema, keyPath, spec, setValues, extensions,
                values);
        extended.overrides().forEach((attribute, value) -> names.forEach((n, a) -> {
            if (a.equals(attribute) && vals.containsKey(":" + n.substring(1))) {
                vals.put(":" + n.substring(1), value);
            }
        }));
        sets.addAll(extended.sets());
        adds.addAll(extended.adds());
        names.putAll(extended.names());
        vals.putAll(extended.values());
        long expected = extended.expectedVersion();
        StringBuilder expr = new StringBuilder();
        if (!sets.isEmpty()) {
            expr.append("SET ").append(String.join(", ", sets));
        }
        if (!removes.isEmpty()) {
            expr.append(expr.length() > 0 ? " " : "").append("REMOVE ").append(String.join(", ", removes));
        }
        if (!adds.isEmpty()) {
            expr.append(expr.length() > 0 ? " " : "").append("ADD ").append(String.join(", ", adds));
        }
        Expr cond = Expr.of("attribute_exists(#kp_pk)", Map.of("#kp_pk", TableAttributes.PK), Map.of());
        String hint = "no item exists";
        cond = cond.and(extended.condition());
        hint += extended.conditionHint().isEmpty() ? "" : " or " + extended.conditionHint();
        if (spec.condition() != null) {
            Expr c = values.toExpr(spec.condition());
            cond = cond.and(c);
            hint += " or condition not met: " + c.expression();
        }
        return new WriteAction(WriteAction.Kind.UPDATE, keyPath, key, null,
                Expr.of(expr.toString(), names, vals), cond, expected, hint);
    }

    private static void check(DefaultItemSchema<?> schema, KeyPath keyPath, String attribute) {
        if (schema.isKeyField(attribute) || schema.reservedAttributes().contains(attribute)
                || schema.versionAttribute().filter(attribute::equals).isPresent()) {
            throw new ItemMappingException("Cannot update '" + attribute + "' of " + schema.type().getSimpleName()
                    + ": key fields, reserved attributes and the version are not updatable", keyPath, null);
        }
    }
}
