package dev.keypath.dynamodb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The changes that make one version of an item type's stored form out of the version before, declared inside
 * {@link ItemHistory.Builder#version}. Names are stored attribute names (the names a field is stored under). Each
 * change is checked against the type when it is registered ({@link InvalidItemHistoryException}). A change declared
 * with its way back is reversible: a table can then keep writing the version before
 * ({@link TableBuilderSettings#writePreviousVersion}). Not thread-safe: used once, while the history is declared.
 *
 * <pre>{@code
 * v -> v.renamed("name", "fullName")
 *       .added("nickname", AttributeValue.fromS(""))
 *       .retyped("age", n -> AttributeValue.fromS(n.n()), s -> AttributeValue.fromN(s.s()))
 * }</pre>
 */
public final class SchemaChanges {
    private final List<SchemaChange> changes = new ArrayList<>();

    SchemaChanges() {
    }

    /** A field added; older items read it as {@code defaultValue} (null: as a missing attribute). Reversible. */
    public SchemaChanges added(String field, AttributeValue defaultValue) {
        changes.add(SchemaChange.added(field, defaultValue));
        return this;
    }

    /** A field added that older items read as missing (null). Reversible. */
    public SchemaChanges added(String field) {
        return added(field, null);
    }

    /** A field no longer stored; older items' values are dropped when read. Not reversible. */
    public SchemaChanges removed(String field) {
        changes.add(SchemaChange.removed(field));
        return this;
    }

    /** A field stored under a new name. Reversible. */
    public SchemaChanges renamed(String from, String to) {
        changes.add(SchemaChange.renamed(from, to));
        return this;
    }

    /** A field's stored value converted by {@code upgrade}; not reversible. */
    public SchemaChanges retyped(String field, UnaryOperator<AttributeValue> upgrade) {
        changes.add(SchemaChange.retyped(field, upgrade, null));
        return this;
    }

    /** A field's stored value converted by {@code upgrade}, and back by {@code downgrade}. Reversible. */
    public SchemaChanges retyped(String field, UnaryOperator<AttributeValue> upgrade,
                                 UnaryOperator<AttributeValue> downgrade) {
        changes.add(SchemaChange.retyped(field, upgrade, Objects.requireNonNull(downgrade, "downgrade")));
        return this;
    }

    /**
     * One field split into {@code into} by {@code split}, which returns their values (by name; a name left out
     * stays missing). Not reversible.
     */
    public SchemaChanges split(String from, List<String> into, Function<AttributeValue, Map<String, AttributeValue>> split) {
        changes.add(SchemaChange.split(from, into, split, null));
        return this;
    }

    /** One field split into {@code into} by {@code split} and joined back by {@code join}. Reversible. */
    public SchemaChanges split(String from, List<String> into, Function<AttributeValue, Map<String, AttributeValue>> split,
                               Function<Map<String, AttributeValue>, AttributeValue> join) {
        changes.add(SchemaChange.split(from, into, split, Objects.requireNonNull(join, "join")));
        return this;
    }

    /**
     * Fields {@code from} merged into one by {@code merge}, which gets the values the item has (by name). Not
     * reversible.
     */
    public SchemaChanges merged(List<String> from, String into, Function<Map<String, AttributeValue>, AttributeValue> merge) {
        changes.add(SchemaChange.merged(from, into, merge, null));
        return this;
    }

    /** Fields {@code from} merged into one by {@code merge} and split back by {@code unmerge}. Reversible. */
    public SchemaChanges merged(List<String> from, String into, Function<Map<String, AttributeValue>, AttributeValue> merge,
                                Function<AttributeValue, Map<String, AttributeValue>> unmerge) {
        changes.add(SchemaChange.merged(from, into, merge, Objects.requireNonNull(unmerge, "unmerge")));
        return this;
    }

    /**
     * The type's stored name ({@code _type}) changed from {@code from} to {@code to}; items stored under the old name
     * are still read as this type. Reversible.
     */
    public SchemaChanges typeRenamed(String from, String to) {
        changes.add(SchemaChange.typeRenamed(from, to));
        return this;
    }

    List<SchemaChange> list() {
        return List.copyOf(changes);
    }
}
