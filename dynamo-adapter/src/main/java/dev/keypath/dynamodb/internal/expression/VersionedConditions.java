package dev.keypath.dynamodb.internal.expression;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidConditionException;
import dev.keypath.dynamodb.SchemaChange;
import dev.keypath.dynamodb.internal.expression.ConditionText.Atom;
import dev.keypath.dynamodb.internal.expression.ConditionText.Edit;
import dev.keypath.dynamodb.internal.expression.ConditionText.Kind;
import dev.keypath.dynamodb.internal.expression.ConditionText.Operand;
import dev.keypath.dynamodb.internal.expression.ConditionText.Path;
import dev.keypath.dynamodb.internal.expression.ConditionText.Size;
import dev.keypath.dynamodb.internal.expression.ConditionText.Step;
import dev.keypath.dynamodb.internal.expression.ConditionText.Value;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.SchemaEvolution;
import dev.keypath.dynamodb.internal.schema.StoredForm;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A caller's filter or write condition over the versions of the item types it meets. DynamoDB evaluates it on the
 * stored item, and an item stored at an older version holds a field a version renamed under its former name, and a
 * field a version added not at all, where reads see the upgraded item. So the expression is sent as one branch per
 * run of older versions whose stored form differs in what it names, each guarded by the type's stored names and
 * {@code _kp_v} (none meaning version 1) and reading the fields there: a renamed field under its stored name, an
 * added field as its default (a value operand; where DynamoDB takes no value, as {@code attribute_exists} of it does,
 * the truth it has), a field the upgraded item lacks as an attribute no item holds ({@code _kp_none<n>}), a renamed
 * type's {@code _type} as its new name; every other item (the current version, other types, no item) meets the
 * expression as written. A field a version makes by a function (retyped, split, merged) cannot be read so on older
 * items: the expression is refused before any request, as is one naming a field the type no longer stores, and one
 * whose rewrite passes DynamoDB's limits ({@link InvalidConditionException}). Versions below the history's
 * {@code oldestStoredVersion} are not considered. An expression that names nothing any version changed is returned
 * as it is, without being read. Pure.
 */
public final class VersionedConditions {
    /** DynamoDB's longest expression, in characters. */
    static final int MAX_EXPRESSION = 4096;
    /** DynamoDB's most operators and functions in one expression. */
    static final int MAX_OPERATORS = 300;
    private static final Set<String> ORDERING = Set.of("<", "<=", ">", ">=");
    private static final Set<AttributeValue.Type> SCALARS = EnumSet.of(AttributeValue.Type.N, AttributeValue.Type.S,
            AttributeValue.Type.B);
    private static final Set<AttributeValue.Type> SIZED = EnumSet.of(AttributeValue.Type.S, AttributeValue.Type.B,
            AttributeValue.Type.L, AttributeValue.Type.M, AttributeValue.Type.SS, AttributeValue.Type.NS,
            AttributeValue.Type.BS);
    private static final Set<AttributeValue.Type> TEXTS = EnumSet.of(AttributeValue.Type.S, AttributeValue.Type.B);

    private VersionedConditions() {
    }

    /** {@code filter} (converted) over the versions of {@code types}, the types whose items it may meet. */
    public static Expr filter(Expr filter, Collection<? extends DefaultItemSchema<?>> types) {
        return rewrite(filter, types, null, "filter");
    }

    /** {@code condition} (converted) of a write to the item of {@code schema}'s type at {@code keyPath}. */
    public static Expr condition(Expr condition, DefaultItemSchema<?> schema, KeyPath keyPath) {
        return rewrite(condition, List.of(schema), keyPath, "condition");
    }

    private static Expr rewrite(Expr e, Collection<? extends DefaultItemSchema<?>> types, KeyPath keyPath,
                                String what) {
        if (e.isEmpty()) {
            return e;
        }
        List<DefaultItemSchema<?>> evolving = new ArrayList<>();
        for (DefaultItemSchema<?> s : types) {
            if (s.evolution().oldestStored() < s.evolution().current()) {
                evolving.add(s);
            }
        }
        if (evolving.isEmpty()) {
            return e;
        }
        ConditionText text;
        try {
            text = ConditionText.parse(e.expression());
        } catch (IllegalArgumentException x) {
            throw new InvalidConditionException("Cannot read the " + what + " as a DynamoDB condition expression: "
                    + x.getMessage() + " (it is read to reach the items of " + described(evolving.get(0))
                    + " stored at older versions)", evolving.get(0).typeName(), null, keyPath);
        }
        Set<String> tops = new LinkedHashSet<>();
        for (Path p : text.paths()) {
            String top = p.top(e.names());
            if (top != null) {
                tops.add(top);
            }
        }
        refuseFormer(e, tops, types, evolving, what, keyPath);
        Rewrite rewrite = new Rewrite(e, text, what, keyPath);
        for (DefaultItemSchema<?> schema : evolving) {
            SchemaEvolution evolution = schema.evolution();
            Map<String, StoredForm> run = Map.of();
            int from = 0;
            for (int v = evolution.oldestStored(); v <= evolution.current(); v++) {
                Map<String, StoredForm> forms = v == evolution.current() ? Map.of() : differing(schema, tops, v);
                if (!forms.equals(run)) {
                    if (!run.isEmpty()) {
                        rewrite.branch(schema, from, v - 1, run);
                    }
                    run = forms;
                    from = v;
                }
            }
        }
        return rewrite.result();
    }

    /**
     * The forms at {@code version} of the attributes among {@code tops} that an item stored then does not hold as
     * an item of the current version would: each with what it is there.
     */
    private static Map<String, StoredForm> differing(DefaultItemSchema<?> schema, Set<String> tops, int version) {
        SchemaEvolution evolution = schema.evolution();
        Map<String, StoredForm> out = new LinkedHashMap<>();
        for (String a : tops) {
            if (a.equals(TableAttributes.TYPE)) {
                if (!evolution.typeNameAt(version).equals(schema.typeName())) {
                    out.put(a, new StoredForm.Constant(AttributeValues.string(schema.typeName())));
                }
                continue;
            }
            if (schema.reservedAttributes().contains(a)) {
                continue; // the table's own attributes, which no version changes: as stored
            }
            StoredForm form = evolution.formAt(a, version);
            boolean same = form instanceof StoredForm.Stored s ? s.attribute().equals(a)
                    : form instanceof StoredForm.Absent && !evolution.fieldsAt(version).contains(a);
            if (!same) {
                out.put(a, form);
            }
        }
        return out;
    }

    /** Refuses a name that a type whose items the expression meets no longer stores, and no other type stores. */
    private static void refuseFormer(Expr e, Set<String> tops, Collection<? extends DefaultItemSchema<?>> types,
                                     List<DefaultItemSchema<?>> evolving, String what, KeyPath keyPath) {
        for (String a : tops) {
            boolean held = false;
            for (DefaultItemSchema<?> s : types) {
                if (s.fieldAttributes().contains(a) || s.reservedAttributes().contains(a) || s.isKeyField(a)
                        || a.equals(TableAttributes.TYPE)) {
                    held = true;
                    break;
                }
            }
            if (held) {
                continue;
            }
            for (DefaultItemSchema<?> s : evolving) {
                Optional<Map.Entry<Integer, SchemaChange>> former = s.evolution().formerlyStored(a);
                if (former.isPresent()) {
                    int version = former.get().getKey();
                    SchemaChange c = former.get().getValue();
                    throw new InvalidConditionException(described(s) + " no longer stores '" + a + "': version "
                            + version + " " + dropped(c, a, version, what) + " (the " + what + " is '"
                            + e.expression() + "'" + (e.names().isEmpty() ? "" : ", names " + e.names()) + ")",
                            s.typeName(), a, keyPath);
                }
            }
        }
    }

    /** How {@code c} dropped {@code a}, and what to name instead. */
    private static String dropped(SchemaChange c, String a, int version, String what) {
        return switch (c.kind()) {
            case FIELD_RENAMED -> "renamed it to '" + c.to().get(0) + "'. Only items stored before version " + version
                    + " hold '" + a + "', and they read it as '" + c.to().get(0) + "': name '" + c.to().get(0)
                    + "' in the " + what + ", which reaches them too";
            case FIELD_REMOVED -> "removed it: no item reads with it, so leave it out of the " + what;
            case FIELD_SPLIT -> "split it into " + c.to() + ": name those in the " + what;
            case FIELDS_MERGED -> "merged it into '" + c.to().get(0) + "': name that in the " + what;
            default -> "changed it (" + c + ")";
        };
    }

    private static String described(DefaultItemSchema<?> schema) {
        String simple = schema.type().getSimpleName();
        return schema.typeName().equals(simple) ? simple : schema.typeName() + " (" + simple + ")";
    }

    /** The branches of one expression, and the placeholders they add. Single use. */
    private static final class Rewrite {
        private final Expr original;
        private final ConditionText text;
        private final String what;
        private final KeyPath keyPath;
        private final Map<String, String> names = new LinkedHashMap<>();
        private final Map<String, String> placeholderOf = new LinkedHashMap<>();
        private final Map<String, AttributeValue> values = new LinkedHashMap<>();
        private final Map<AttributeValue, String> valuePlaceholders = new LinkedHashMap<>();
        private final List<Expr> guards = new ArrayList<>();
        private final List<Expr> branches = new ArrayList<>();
        private final Set<String> types = new LinkedHashSet<>();
        private int next;

        Rewrite(Expr original, ConditionText text, String what, KeyPath keyPath) {
            this.original = original;
            this.text = text;
            this.what = what;
            this.keyPath = keyPath;
        }

        /** The branch of the items of {@code schema}'s type stored from {@code from} to {@code to}. */
        void branch(DefaultItemSchema<?> schema, int from, int to, Map<String, StoredForm> forms) {
            forms.forEach((attribute, form) -> {
                if (form instanceof StoredForm.Converted c) {
                    throw converted(schema, attribute, c);
                }
            });
            Expr guard = guard(schema, from, to);
            guards.add(guard);
            types.add(described(schema));
            branches.add(guard.and(Expr.of(body(forms), Map.of(), Map.of())));
        }

        private InvalidConditionException converted(DefaultItemSchema<?> schema, String attribute,
                                                    StoredForm.Converted c) {
            String type = described(schema);
            return new InvalidConditionException("The " + what + " names '" + attribute + "' of " + type + ", which "
                    + "version " + c.version() + " makes from the former form by a function (" + c.change() + "). "
                    + "DynamoDB evaluates a " + what + " on the stored item, and items stored before version "
                    + c.version() + " hold the former form, so it cannot be evaluated on them. Rewrite those items at "
                    + "version " + c.version() + " or later (keypath migrate rewrite, or SchemaRewrite), then declare "
                    + "oldestStoredVersion(" + c.version() + ") in the history of " + type + ", after which the "
                    + what + " is sent as written" + (keyPath == null ? "; or name the read's types, if " + type
                    + " is not among those meant" : "") + " (the " + what + " is '" + original.expression() + "')",
                    schema.typeName(), attribute, keyPath);
        }

        /** Items of the type stored from {@code from} to {@code to}: its stored names then, and {@code _kp_v}. */
        private Expr guard(DefaultItemSchema<?> schema, int from, int to) {
            names.put("#kp_et", TableAttributes.TYPE);
            names.put("#kp_ev", TableAttributes.SCHEMA_VERSION);
            Set<String> typeNames = new LinkedHashSet<>();
            for (int v = from; v <= to; v++) {
                typeNames.add(schema.evolution().typeNameAt(v));
            }
            List<String> typeValues = new ArrayList<>();
            typeNames.forEach(n -> typeValues.add(value(AttributeValues.string(n))));
            String type = typeValues.size() == 1 ? "#kp_et = " + typeValues.get(0)
                    : "#kp_et IN (" + String.join(", ", typeValues) + ")";
            String version;
            if (from == 1) {
                version = to == 1 ? "attribute_not_exists(#kp_ev)"
                        : "(attribute_not_exists(#kp_ev) OR #kp_ev <= " + value(AttributeValues.number(to)) + ")";
            } else {
                version = from == to ? "#kp_ev = " + value(AttributeValues.number(from))
                        : "#kp_ev BETWEEN " + value(AttributeValues.number(from)) + " AND "
                        + value(AttributeValues.number(to));
            }
            return Expr.of(type + " AND " + version, Map.of(), Map.of());
        }

        /** The expression as it reads on items whose attributes are {@code forms} (the others as stored). */
        private String body(Map<String, StoredForm> forms) {
            List<Edit> edits = new ArrayList<>();
            for (Atom atom : text.atoms()) {
                if (atom.kind() == Kind.FUNCTION && (atom.operator().equals("attribute_exists")
                        || atom.operator().equals("attribute_not_exists"))
                        && atom.operands().get(0) instanceof Path p && forms.containsKey(p.top(original.names()))) {
                    StoredForm form = forms.get(p.top(original.names()));
                    if (form instanceof StoredForm.Constant c && resolve(c.value(), p) != null) {
                        boolean exists = atom.operator().equals("attribute_exists");
                        // the upgraded item holds it: DynamoDB takes no value here, so the truth it has
                        edits.add(new Edit(atom.start(), atom.end(), (exists ? "attribute_not_exists("
                                : "attribute_exists(") + missing() + ")"));
                    } else {
                        edits.add(pathEdit(p, form));
                    }
                    continue;
                }
                int n = atom.operands().size();
                Path[] paths = new Path[n];
                AttributeValue[] constants = new AttributeValue[n];
                Edit[] operandEdits = new Edit[n];
                for (int i = 0; i < n; i++) {
                    Operand o = atom.operands().get(i);
                    boolean sized = o instanceof Size;
                    Operand inner = o instanceof Size s ? s.of() : o;
                    if (!(inner instanceof Path p) || !forms.containsKey(p.top(original.names()))) {
                        continue;
                    }
                    paths[i] = p;
                    StoredForm form = forms.get(p.top(original.names()));
                    AttributeValue v = form instanceof StoredForm.Constant c ? resolve(c.value(), p) : null;
                    if (v != null && fits(atom, sized, v)) {
                        constants[i] = v; // placed below, once BETWEEN's bounds are known to be in order
                    } else {
                        operandEdits[i] = pathEdit(p, form);
                    }
                }
                if (atom.kind() == Kind.BETWEEN) {
                    unorderedBounds(atom, constants, operandEdits);
                }
                for (int i = 0; i < n; i++) {
                    if (constants[i] != null) {
                        edits.add(new Edit(paths[i].start(), paths[i].end(), value(constants[i])));
                    } else if (operandEdits[i] != null) {
                        edits.add(operandEdits[i]);
                    }
                }
            }
            return text.edited(edits);
        }

        /**
         * Where both bounds of a {@code BETWEEN} are values and one was put in for a field, DynamoDB refuses the
         * expression unless they are of one kind and in order; on stored values such a test is false, so the bound
         * put in becomes an attribute no item holds, which makes it false.
         */
        private void unorderedBounds(Atom atom, AttributeValue[] constants, Edit[] operandEdits) {
            if (constants[1] == null && constants[2] == null) {
                return;
            }
            AttributeValue[] bounds = new AttributeValue[2];
            for (int i = 1; i <= 2; i++) {
                Operand o = atom.operands().get(i);
                bounds[i - 1] = o instanceof Size ? null : constants[i] != null ? constants[i]
                        : o instanceof Value v ? original.values().get(v.placeholder()) : null;
            }
            if (bounds[0] == null || bounds[1] == null || ordered(bounds[0], bounds[1])) {
                return;
            }
            int put = constants[1] != null ? 1 : 2;
            Path p = (Path) atom.operands().get(put); // a bound put in for a field, not inside size(...)
            constants[put] = null;
            operandEdits[put] = new Edit(p.start(), p.end(), missing());
        }

        /** {@code p} as {@code form} gives it: under the stored name, or as an attribute no item holds. */
        private Edit pathEdit(Path p, StoredForm form) {
            if (form instanceof StoredForm.Stored s) {
                Step top = p.steps().get(0);
                return new Edit(top.start(), top.end(), name(s.attribute()));
            }
            return new Edit(p.start(), p.end(), missing());
        }

        private String name(String attribute) {
            return placeholderOf.computeIfAbsent(attribute, a -> {
                String placeholder = "#kp_e" + next++;
                names.put(placeholder, a);
                return placeholder;
            });
        }

        /** A name placeholder of an attribute no item holds, new at each use (DynamoDB refuses a path twice). */
        private String missing() {
            int n = next++;
            String placeholder = "#kp_e" + n;
            names.put(placeholder, "_kp_none" + n);
            return placeholder;
        }

        private String value(AttributeValue v) {
            return valuePlaceholders.computeIfAbsent(v, x -> {
                String placeholder = ":kp_e" + next++;
                values.put(placeholder, x);
                return placeholder;
            });
        }

        /** {@code value} at the steps of {@code p} below its top, or null where it has none. */
        private AttributeValue resolve(AttributeValue value, Path p) {
            AttributeValue at = value;
            for (int i = 1; i < p.steps().size() && at != null; i++) {
                Step s = p.steps().get(i);
                if (s.isIndex()) {
                    at = at.type() == AttributeValue.Type.L && s.index() < at.l().size() ? at.l().get(s.index()) : null;
                } else {
                    String key = s.text().startsWith("#") ? original.names().get(s.text()) : s.text();
                    at = at.type() == AttributeValue.Type.M ? at.m().get(key) : null;
                }
            }
            return at;
        }

        /** The expression with its branches, checked against DynamoDB's limits. */
        Expr result() {
            if (branches.isEmpty()) {
                return original;
            }
            Expr combined = Expr.NONE;
            Expr any = Expr.NONE;
            for (int i = 0; i < branches.size(); i++) {
                combined = combined.or(branches.get(i));
                any = any.or(guards.get(i));
            }
            combined = combined.or(any.not().and(Expr.of(original.expression(), Map.of(), Map.of())));
            String expression = combined.expression();
            int operators = ConditionText.parse(expression).operators();
            if (expression.length() > MAX_EXPRESSION || operators > MAX_OPERATORS) {
                throw new InvalidConditionException("The " + what + " '" + original.expression() + "', rewritten to "
                        + "reach the items of " + types + " stored at older versions (" + branches.size() + " of them "
                        + "store what it names otherwise), would be " + expression.length() + " characters with "
                        + operators + " operators, over DynamoDB's " + MAX_EXPRESSION + " characters or "
                        + MAX_OPERATORS + " operators for one expression: shorten it"
                        + (keyPath == null ? ", name fewer types," : "") + " or rewrite the older items (keypath "
                        + "migrate rewrite) and declare oldestStoredVersion in the types' histories",
                        null, null, keyPath);
            }
            Map<String, String> allNames = new LinkedHashMap<>(original.names());
            allNames.putAll(names);
            Map<String, AttributeValue> allValues = new LinkedHashMap<>(original.values());
            allValues.putAll(values);
            return Expr.of(expression, allNames, allValues);
        }
    }

    /**
     * Whether DynamoDB takes {@code v} as a value operand where {@code atom} uses it ({@code sized}: inside
     * {@code size(...)}); where it does not, the test is false on a stored attribute of that kind.
     */
    private static boolean fits(Atom atom, boolean sized, AttributeValue v) {
        AttributeValue.Type type = v.type();
        if (sized) {
            return SIZED.contains(type);
        }
        return switch (atom.kind()) {
            case COMPARISON -> !ORDERING.contains(atom.operator()) || SCALARS.contains(type);
            case BETWEEN -> SCALARS.contains(type);
            case FUNCTION -> !atom.operator().equals("begins_with") || TEXTS.contains(type);
            case IN -> true;
        };
    }

    /** Whether {@code low} and {@code high} are of one kind, a number, text or binary, and {@code low <= high}. */
    private static boolean ordered(AttributeValue low, AttributeValue high) {
        if (low.type() != high.type() || !SCALARS.contains(low.type())) {
            return false;
        }
        return switch (low.type()) {
            case N -> new BigDecimal(low.n()).compareTo(new BigDecimal(high.n())) <= 0;
            case S -> Arrays.compareUnsigned(low.s().getBytes(StandardCharsets.UTF_8),
                    high.s().getBytes(StandardCharsets.UTF_8)) <= 0;
            default -> Arrays.compareUnsigned(low.b().asByteArrayUnsafe(), high.b().asByteArrayUnsafe()) <= 0;
        };
    }
}
