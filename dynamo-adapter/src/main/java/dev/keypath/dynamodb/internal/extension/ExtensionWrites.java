package dev.keypath.dynamodb.internal.extension;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemWrite;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.WriteModification;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Runs the write hooks of a type's extensions on a put or an update and folds their modifications into what the
 * write sends: a put's attribute map, an update's extra {@code SET}/{@code ADD} actions, and one condition. Each
 * extension's condition placeholders are renamed ({@code #kp_x<i>_name}; a built-in's to {@code #kp_name}) so
 * they cannot clash. Types no extension applies to return at once. Pure apart from the hooks.
 */
public final class ExtensionWrites {
    private ExtensionWrites() {
    }

    /**
     * A put after its hooks.
     *
     * @param attributes      what the put stores
     * @param condition       the extensions' conditions, AND-ed in order, possibly {@link Expr#NONE}
     * @param expectedVersion the version the write checks, or -1
     * @param conditionHint   what a failed extension condition means, empty for none (the version's is not listed)
     */
    public record Put(Map<String, AttributeValue> attributes, Expr condition, long expectedVersion, String conditionHint) {
    }

    /**
     * An update's additions after its hooks.
     *
     * @param sets      {@code SET} actions, with their placeholders in {@code names}/{@code values}
     * @param adds      {@code ADD} actions
     * @param overrides new values for attributes the caller's update sets itself, by attribute name
     */
    public record Update(List<String> sets, List<String> adds, Map<String, String> names, Map<String, AttributeValue> values,
                  Map<String, AttributeValue> overrides, Expr condition, long expectedVersion, String conditionHint) {
        static final Update NONE = new Update(List.of(), List.of(), Map.of(), Map.of(), Map.of(), Expr.NONE, -1, "");
    }

    public static Put put(WriteKind kind, DefaultItemSchema<?> schema, KeyPath keyPath, Object item,
                   Map<String, AttributeValue> attributes, ItemExtensions extensions, ValueConverter values) {
        ItemExtension[] chain = extensions.of(schema);
        if (chain.length == 0) {
            return new Put(attributes, Expr.NONE, -1, "");
        }
        long expected = VersionExtension.expectedVersion(kind, schema, item, null);
        Map<String, AttributeValue> attrs = attributes;
        Expr condition = Expr.NONE;
        StringBuilder hint = new StringBuilder();
        for (int i = 0; i < chain.length; i++) {
            WriteModification m = chain[i].beforeWrite(new ItemWrite(kind, schema, keyPath, item, attrs, null,
                    extensions.clock()));
            if (m == null || m.isEmpty()) {
                continue;
            }
            if (!m.adds().isEmpty()) {
                throw refused(chain[i], schema, keyPath, "an ADD, which only updates can carry");
            }
            // the encoded map is this put's own: changed in place, no copy
            if (m.replacedAttributes() != null) {
                attrs = new LinkedHashMap<>(m.replacedAttributes());
            }
            attrs.putAll(m.sets());
            for (Map.Entry<String, AttributeValue> e : m.setsIfAbsent().entrySet()) {
                AttributeValue held = attrs.get(e.getKey());
                if (held == null || Boolean.TRUE.equals(held.nul())) {
                    attrs.put(e.getKey(), e.getValue());
                }
            }
            if (m.condition() != null) {
                if (kind == WriteKind.BATCH_PUT) {
                    throw refused(chain[i], schema, keyPath, "a condition, which batch writes cannot carry; "
                            + "use transact() instead");
                }
                Expr c = renamed(m.condition(), prefix(chain[i], i), values);
                condition = condition.and(c);
                if (!(chain[i] instanceof VersionExtension)) {
                    hint.append(hint.length() > 0 ? " or " : "").append("condition not met: ").append(c.expression());
                }
            }
        }
        return new Put(attrs, condition, expected, hint.toString());
    }

    public static Update update(WriteKind kind, DefaultItemSchema<?> schema, KeyPath keyPath, UpdateSpec spec,
                         Map<String, AttributeValue> setValues, ItemExtensions extensions, ValueConverter values) {
        ItemExtension[] chain = extensions.of(schema);
        if (chain.length == 0) {
            return Update.NONE;
        }
        List<String> sets = new ArrayList<>();
        List<String> adds = new ArrayList<>();
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> vals = new LinkedHashMap<>();
        Map<String, AttributeValue> overrides = new LinkedHashMap<>();
        Map<String, AttributeValue> current = setValues;
        Expr condition = Expr.NONE;
        StringBuilder hint = new StringBuilder();
        for (int i = 0; i < chain.length; i++) {
            WriteModification m = chain[i].beforeWrite(new ItemWrite(kind, schema, keyPath, null, current, spec,
                    extensions.clock()));
            if (m == null || m.isEmpty()) {
                continue;
            }
            if (m.replacedAttributes() != null) {
                throw refused(chain[i], schema, keyPath, "a replacement attribute map, which only puts can carry");
            }
            String p = chain[i] instanceof VersionExtension ? "ver" : "e" + i + "_";
            int j = 0;
            for (Map.Entry<String, AttributeValue> e : m.sets().entrySet()) {
                if (setValues.containsKey(e.getKey())) { // the caller sets it: the extension's value replaces theirs
                    overrides.put(e.getKey(), e.getValue());
                    if (current == setValues) {
                        current = new LinkedHashMap<>(setValues);
                    }
                    current.put(e.getKey(), e.getValue());
                    continue;
                }
                String n = placeholder(p, j++);
                names.put("#" + n, e.getKey());
                vals.put(":" + n, e.getValue());
                sets.add("#" + n + " = :" + n);
            }
            for (Map.Entry<String, AttributeValue> e : m.setsIfAbsent().entrySet()) {
                String n = placeholder(p, j++);
                names.put("#" + n, e.getKey());
                vals.put(":" + n, e.getValue());
                sets.add("#" + n + " = if_not_exists(#" + n + ", :" + n + ")");
            }
            for (Map.Entry<String, AttributeValue> e : m.adds().entrySet()) {
                String n = placeholder(p, j++);
                String v = "kp_ver".equals(n) ? "kp_one" : n; // :kp_ver is the version condition's
                names.put("#" + n, e.getKey());
                vals.put(":" + v, e.getValue());
                adds.add("#" + n + " :" + v);
            }
            if (m.condition() != null) {
                Expr c = renamed(m.condition(), prefix(chain[i], i), values);
                condition = condition.and(c);
                if (!(chain[i] instanceof VersionExtension)) {
                    hint.append(hint.length() > 0 ? " or " : "").append("condition not met: ").append(c.expression());
                }
            }
        }
        long expected = VersionExtension.expectedVersion(kind, schema, null, spec);
        return new Update(sets, adds, names, vals, overrides, condition, expected, hint.toString());
    }

    /** {@code kp_<p><j>}, with the version's single action keeping its old name {@code kp_ver}. */
    private static String placeholder(String p, int j) {
        return "ver".equals(p) ? (j == 0 ? "kp_ver" : "kp_ver" + j) : "kp_" + p + j;
    }

    /** Where an extension's placeholders go: a built-in's under {@code kp_}, the i-th other's under {@code kp_x<i>_}. */
    private static String prefix(ItemExtension e, int i) {
        return e instanceof BuiltInExtension ? "kp_" : "kp_x" + i + "_";
    }

    /** {@code c} converted with {@code values}, its placeholders renamed under {@code prefix}, in one pass. */
    static Expr renamed(dev.keypath.dynamodb.Condition c, String prefix, ValueConverter values) {
        String text = renamedText(c.expression(), prefix, c.names(), c.values());
        Map<String, String> names = new LinkedHashMap<>(4);
        c.names().forEach((k, v) -> names.put("#" + prefix + k.substring(1), v));
        Map<String, AttributeValue> vals = new LinkedHashMap<>(4);
        c.values().forEach((k, v) -> vals.put(":" + prefix + k.substring(1),
                values.toAttribute(v, "extension condition value " + k)));
        return Expr.of(text, names, vals);
    }

    /** {@code e} with each placeholder {@code #n}/{@code :n} renamed to {@code #<prefix>n}/{@code :<prefix>n}. */
    static Expr renamed(Expr e, String prefix) {
        Map<String, String> names = new LinkedHashMap<>();
        e.names().forEach((k, v) -> names.put("#" + prefix + k.substring(1), v));
        Map<String, AttributeValue> vals = new LinkedHashMap<>();
        e.values().forEach((k, v) -> vals.put(":" + prefix + k.substring(1), v));
        return Expr.of(renamedText(e.expression(), prefix, e.names(), e.values()), names, vals);
    }

    /** {@code text} with its placeholders (keys of {@code names} or {@code values}) renamed under {@code prefix}. */
    private static String renamedText(String text, String prefix, Map<String, ?> names, Map<String, ?> values) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c != '#' && c != ':') {
                out.append(c);
                i++;
                continue;
            }
            int end = i + 1;
            while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
                end++;
            }
            String token = text.substring(i, end);
            boolean known = c == '#' ? names.containsKey(token) : values.containsKey(token);
            if (known) {
                out.append(c).append(prefix).append(text, i + 1, end);
            } else {
                out.append(token);
            }
            i = end;
        }
        return out.toString();
    }

    private static ItemMappingException refused(ItemExtension e, DefaultItemSchema<?> schema, KeyPath keyPath,
                                                String what) {
        return new ItemMappingException("Extension " + e.getClass().getName() + " gave a "
                + schema.type().getSimpleName() + " write " + what, keyPath, null);
    }
}
