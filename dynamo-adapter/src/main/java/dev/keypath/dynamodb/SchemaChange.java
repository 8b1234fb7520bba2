package dev.keypath.dynamodb;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One declared change of an item type's stored form between two adjacent versions, made by {@link SchemaChanges}:
 * which attributes it reads in the older form ({@link #from()}) and writes in the newer ({@link #to()}), and how it
 * turns one form into the other on an item's attribute map. {@link #upgrade} goes from the older form to the newer;
 * {@link #downgrade} back, where the change is {@link #reversible()}. An attribute the change reads but the item has
 * not got is left alone (a missing attribute reads as null). Immutable and thread-safe, provided the functions given
 * to {@link SchemaChanges} are.
 */
public final class SchemaChange {
    /** What kind of change. */
    public enum Kind {
        /** A field added, with the value older items read as (or none). */
        FIELD_ADDED,
        /** A field no longer stored: older items' values are dropped. */
        FIELD_REMOVED,
        /** A field stored under a new name. */
        FIELD_RENAMED,
        /** A field's stored value converted by a function. */
        FIELD_RETYPED,
        /** One field's value split into several by a function. */
        FIELD_SPLIT,
        /** Several fields' values merged into one by a function. */
        FIELDS_MERGED,
        /** The type's stored name ({@code _type}) changed. */
        TYPE_RENAMED
    }

    private final Kind kind;
    private final List<String> from;
    private final List<String> to;
    private final AttributeValue added;
    private final Function<Map<String, AttributeValue>, Map<String, AttributeValue>> up;
    private final Function<Map<String, AttributeValue>, Map<String, AttributeValue>> down;

    SchemaChange(Kind kind, List<String> from, List<String> to, AttributeValue added,
                 Function<Map<String, AttributeValue>, Map<String, AttributeValue>> up,
                 Function<Map<String, AttributeValue>, Map<String, AttributeValue>> down) {
        this.kind = kind;
        this.from = List.copyOf(from);
        this.to = List.copyOf(to);
        this.added = added;
        this.up = up;
        this.down = down;
    }

    /** The kind of change. */
    public Kind kind() {
        return kind;
    }

    /** The attributes the change reads in the older form (for {@link Kind#TYPE_RENAMED}, the old type name). */
    public List<String> from() {
        return from;
    }

    /** The attributes the change writes in the newer form (for {@link Kind#TYPE_RENAMED}, the new type name). */
    public List<String> to() {
        return to;
    }

    /** The value an older item reads for an added field; empty for other kinds or an added field without one. */
    public java.util.Optional<AttributeValue> defaultValue() {
        return java.util.Optional.ofNullable(added);
    }

    /** Whether {@link #downgrade} can turn the newer form back into the older one. */
    public boolean reversible() {
        return down != null;
    }

    /** Turns {@code item}, a modifiable attribute map in the older form, into the newer form in place. */
    public void upgrade(Map<String, AttributeValue> item) {
        apply(item, from, to, up, "upgrade");
    }

    /**
     * Turns {@code item}, a modifiable attribute map in the newer form, back into the older form in place; an
     * {@link IllegalStateException} when the change is not {@link #reversible()}.
     */
    public void downgrade(Map<String, AttributeValue> item) {
        if (down == null) {
            throw new IllegalStateException(this + " is not reversible");
        }
        apply(item, to, from, down, "downgrade");
    }

    private void apply(Map<String, AttributeValue> item, List<String> reads, List<String> writes,
                       Function<Map<String, AttributeValue>, Map<String, AttributeValue>> f, String direction) {
        if (kind == Kind.TYPE_RENAMED) {
            item.put("_type", AttributeValue.fromS(writes.get(0)));
            return;
        }
        if (kind == Kind.FIELD_ADDED && direction.equals("upgrade")) {
            if (added != null) {
                item.putIfAbsent(to.get(0), added);
            }
            return;
        }
        Map<String, AttributeValue> in = new LinkedHashMap<>();
        for (String a : reads) {
            AttributeValue v = item.remove(a);
            if (v != null) {
                in.put(a, v);
            }
        }
        if (in.isEmpty()) {
            return; // nothing to change: a missing attribute reads as null in either form
        }
        Map<String, AttributeValue> out = f.apply(in);
        if (out == null) {
            return;
        }
        for (Map.Entry<String, AttributeValue> e : out.entrySet()) {
            if (!writes.contains(e.getKey())) {
                throw new IllegalStateException(this + ": the " + direction + " function wrote '" + e.getKey()
                        + "', which is not among " + writes);
            }
            if (e.getValue() != null) {
                item.put(e.getKey(), e.getValue());
            }
        }
    }

    /** The change as declared, e.g. {@code FIELD_RENAMED [name] -> [fullName]}. */
    @Override
    public String toString() {
        return kind + " " + from + " -> " + to + (reversible() ? "" : " (irreversible)");
    }

    static SchemaChange added(String field, AttributeValue value) {
        Objects.requireNonNull(field, "field");
        return new SchemaChange(Kind.FIELD_ADDED, List.of(), List.of(field), value, in -> null, in -> null);
    }

    static SchemaChange removed(String field) {
        Objects.requireNonNull(field, "field");
        return new SchemaChange(Kind.FIELD_REMOVED, List.of(field), List.of(), null, in -> null, null);
    }

    static SchemaChange renamed(String from, String to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        return new SchemaChange(Kind.FIELD_RENAMED, List.of(from), List.of(to), null,
                in -> Map.of(to, in.get(from)), in -> Map.of(from, in.get(to)));
    }

    static SchemaChange retyped(String field, UnaryOperator<AttributeValue> up, UnaryOperator<AttributeValue> down) {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(up, "upgrade");
        return new SchemaChange(Kind.FIELD_RETYPED, List.of(field), List.of(field), null,
                in -> single(field, up.apply(in.get(field))),
                down == null ? null : in -> single(field, down.apply(in.get(field))));
    }

    static SchemaChange split(String from, List<String> into, Function<AttributeValue, Map<String, AttributeValue>> up,
                              Function<Map<String, AttributeValue>, AttributeValue> down) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(up, "split");
        return new SchemaChange(Kind.FIELD_SPLIT, List.of(from), into, null, in -> up.apply(in.get(from)),
                down == null ? null : in -> single(from, down.apply(in)));
    }

    static SchemaChange merged(List<String> from, String into, Function<Map<String, AttributeValue>, AttributeValue> up,
                               Function<AttributeValue, Map<String, AttributeValue>> down) {
        Objects.requireNonNull(into, "into");
        Objects.requireNonNull(up, "merge");
        return new SchemaChange(Kind.FIELDS_MERGED, from, List.of(into), null, in -> single(into, up.apply(in)),
                down == null ? null : in -> down.apply(in.get(into)));
    }

    static SchemaChange typeRenamed(String from, String to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        return new SchemaChange(Kind.TYPE_RENAMED, List.of(from), List.of(to), null, in -> null, in -> null);
    }

    private static Map<String, AttributeValue> single(String name, AttributeValue value) {
        return value == null ? null : Map.of(name, value);
    }
}
