package dev.keypath.dynamodb;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Changes to the non-key attributes of one stored item: every change an {@code UpdateItem} expression can make.
 * Each change names its attribute by an {@link AttributePath}: a top-level attribute ({@code title}), a nested
 * field or map entry ({@code stats.likes}) or a list element ({@code tags[2]}), written as text or built from
 * record method references ({@code Post::title}).
 *
 * <ul>
 *   <li>{@code set}: store a value ({@code SET a = :v}); {@code setIfAbsent} only when the attribute is absent
 *       ({@code SET a = if_not_exists(a, :v)}); a value may be another attribute's, {@link #valueOf(String)},
 *       with a fallback when that one is absent ({@link #valueOf(String, Object)});</li>
 *   <li>arithmetic: {@code increment}/{@code decrement} ({@code SET a = a + :n}, {@code a - :n}, an absent
 *       attribute counting as 0), {@code setSum}/{@code setDifference} of two operands, and {@code add}
 *       ({@code ADD a :n}, the atomic counter);</li>
 *   <li>lists: {@code append} and {@code prepend} ({@code list_append}, an absent list counting as empty);</li>
 *   <li>sets: {@code addToSet} and {@code deleteFromSet} ({@code ADD}/{@code DELETE} with a string, number or
 *       binary set, stored as a put stores a Java set: elements of a field declared {@code Set<E>} must be
 *       {@code E}s, and text, UUIDs, enums and instants make a string set, numbers a number set, {@code byte[]} a
 *       binary set). {@code ADD} creates the set when the attribute is absent; a {@code DELETE} that empties a
 *       DynamoDB set removes the attribute (it then reads as null). On a set stored as a list (an empty set, or one
 *       an older build stored), which DynamoDB refuses them on, a single update reads the set and sets the changed
 *       set whole, on condition that it is still as read;</li>
 *   <li>{@code remove}: delete an attribute, a nested field or a list element ({@code REMOVE a.b}, {@code a[1]}).</li>
 * </ul>
 *
 * <p><b>Checked names.</b> Attribute names are checked when the update runs, against the registered type as
 * Jackson sees it: the first name of every path must be one of the type's properties (under the name Jackson
 * stores it), and each further name or index must fit the property's declared type where Jackson knows it (a
 * record or bean field, a list or array element, any key of a map; a property typed {@code Object} or
 * {@code JsonNode} accepts anything below it). A name that does not fit fails with an
 * {@link InvalidUpdateException} naming the type, the path and the names it has, before anything is sent, so a
 * renamed field cannot be missed silently. Record components can also be named by method reference
 * ({@code u.set(Post::title, "x")}), which the compiler checks as well. Checked names are the design rather than
 * a generated metamodel because they need no annotation processor or extra build step, they use exactly the
 * names Jackson stores (naming strategies and {@code @JsonProperty} included, where a metamodel of Java names
 * would drift from the stored ones), and they reach what a metamodel of the item class cannot: nested objects,
 * map keys and list elements. A rename therefore fails the first update that uses the old name, with the new
 * names in the message, instead of writing an attribute nothing reads.
 *
 * <p><b>Absent and null values.</b> A null field is stored as no attribute, so an absent attribute counts as
 * empty (0, an empty list or set) wherever a change reads one, and {@code set} of null on a field removes it (an
 * empty set is stored, as a put stores it, as an empty list); as a list element or a map value, null is stored as
 * {@code NULL}. A change below a nested
 * record or map that is absent (or stored as {@code NULL}), or arithmetic, a list or a set change on an attribute
 * stored as {@code NULL}, which DynamoDB refuses, makes a single update read the item and set the highest absent
 * value whole instead ({@code increment("stats.posts", 1)} on an absent {@code stats} stores {@code {posts: 1}}), on
 * condition that it is still absent; a transaction, which cannot read first, refuses such a change with an
 * {@link InvalidUpdateException}.
 *
 * <p>Key fields, the item type attribute, other reserved attributes and the version field cannot be changed. A
 * versioned type's version is incremented by every update, and checked when {@link #expectedVersion()} is set.
 * Two changes may not touch overlapping paths ({@code stats} and {@code stats.likes}).
 *
 * <p><b>Applied twice?</b> A {@code set}, {@code remove} or set change leaves the item as it was after the first
 * time when it is applied again; an increment, decrement, {@code add}, sum, difference, append or prepend does not.
 * When DynamoDB's answer is lost, DynamoDB alone cannot make such an update exactly-once: without an expected
 * version it is not resent after a failure DynamoDB may have applied, and its caller gets a
 * {@link WriteOutcomeUnknownException}; with an expected version the resent request cannot be applied again, and a
 * {@linkplain Builder#requestToken request token} tells it that its own attempt was applied. For counters of
 * unversioned items, a transaction that also writes a create-only record of the request is the exactly-once form
 * (docs/FAULTS.md).
 *
 * <p>Immutable and thread-safe; build with {@link #builder()} or {@link #of(Consumer)}.
 */
public final class UpdateSpec {
    /** What one change does. */
    public enum Action {
        /** {@code SET path = value}; the value may be a {@link ValueOf}. */
        SET,
        /** {@code SET path = value + operand}. */
        SUM,
        /** {@code SET path = value - operand}. */
        DIFFERENCE,
        /** {@code SET path = list_append(if_not_exists(path, []), value)}. */
        APPEND,
        /** {@code SET path = list_append(value, if_not_exists(path, []))}. */
        PREPEND,
        /** {@code REMOVE path}. */
        REMOVE,
        /** {@code ADD path number}. */
        ADD,
        /** {@code ADD path set}. */
        ADD_TO_SET,
        /** {@code DELETE path set}. */
        DELETE_FROM_SET
    }

    /**
     * One change.
     *
     * @param action  what it does
     * @param path    the attribute it writes
     * @param value   the value (SET, ADD), the elements (APPEND, PREPEND, the set actions), the first operand
     *                (SUM, DIFFERENCE), or null (REMOVE)
     * @param operand the second operand of SUM and DIFFERENCE, else null
     */
    public record Change(Action action, AttributePath path, Object value, Object operand) {
        /** Checks the parts. */
        public Change {
            Objects.requireNonNull(action, "action");
            Objects.requireNonNull(path, "path");
        }
    }

    /**
     * An operand that reads another attribute of the item, or {@code fallback} when that attribute is absent
     * ({@code if_not_exists(path, :fallback)}).
     *
     * @param path        the attribute read
     * @param hasFallback whether {@code fallback} applies
     * @param fallback    the value used when the attribute is absent
     */
    public record ValueOf(AttributePath path, boolean hasFallback, Object fallback) {
        /** Checks the path. */
        public ValueOf {
            Objects.requireNonNull(path, "path");
        }
    }

    /**
     * A value unique to one update request (a request id), stored at a top-level text attribute of the item, by
     * which the update tells its own write: see {@link Builder#requestToken(String, String)}.
     *
     * @param attribute the top-level attribute that holds the token
     * @param token     the token
     */
    public record RequestToken(AttributePath attribute, String token) {
        /** Checks the parts: one attribute name, a token that is not empty. */
        public RequestToken {
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(token, "token");
            if (attribute.segments().size() != 1 || attribute.segments().get(0) instanceof AttributePath.Index) {
                throw new IllegalArgumentException("a request token is kept in a top-level attribute, not at "
                        + attribute);
            }
            if (token.isEmpty()) {
                throw new IllegalArgumentException("a request token may not be empty");
            }
        }
    }

    private final List<Change> changes;
    private final Long expectedVersion;
    private final Condition condition;
    private final RequestToken requestToken;

    private UpdateSpec(Builder b) {
        this.changes = List.copyOf(b.changes);
        this.expectedVersion = b.expectedVersion;
        this.condition = b.condition;
        this.requestToken = b.requestToken;
        if (changes.isEmpty()) {
            throw new IllegalArgumentException("update has no changes");
        }
        for (int i = 0; i < changes.size(); i++) {
            for (int j = i + 1; j < changes.size(); j++) {
                if (changes.get(i).path().overlaps(changes.get(j).path())) {
                    throw new IllegalArgumentException("an attribute appears in more than one change: "
                            + changes.get(i).path() + " and " + changes.get(j).path() + " in " + changes);
                }
            }
        }
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** Shortcut: builds a spec with a consumer. */
    public static UpdateSpec of(Consumer<Builder> spec) {
        Builder b = builder();
        spec.accept(b);
        return b.build();
    }

    /** The value of the attribute at {@code path}, as an operand of {@code set}, {@code setSum} or {@code setDifference}. */
    public static ValueOf valueOf(String path) {
        return new ValueOf(AttributePath.parse(path), false, null);
    }

    /** The value of the attribute at {@code path}, or {@code fallback} when it is absent ({@code if_not_exists}). */
    public static ValueOf valueOf(String path, Object fallback) {
        return new ValueOf(AttributePath.parse(path), true, fallback);
    }

    /** A builder with this spec's contents. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.changes.addAll(changes);
        b.expectedVersion = expectedVersion;
        b.condition = condition;
        b.requestToken = requestToken;
        return b;
    }

    /** Every change, in the order they were added. */
    public List<Change> changes() {
        return changes;
    }

    /** The plain {@code set} changes by path text, with their new Java values. */
    public Map<String, Object> sets() {
        Map<String, Object> sets = new LinkedHashMap<>();
        for (Change c : changes) {
            if (c.action() == Action.SET && !(c.value() instanceof ValueOf)) {
                sets.put(c.path().toString(), c.value());
            }
        }
        return Collections.unmodifiableMap(sets);
    }

    /** The paths to remove, as text. */
    public Set<String> removes() {
        Set<String> removes = new LinkedHashSet<>();
        for (Change c : changes) {
            if (c.action() == Action.REMOVE) {
                removes.add(c.path().toString());
            }
        }
        return Collections.unmodifiableSet(removes);
    }

    /** The {@code add} changes by path text: numbers to increase (or decrease, when negative). */
    public Map<String, Number> adds() {
        Map<String, Number> adds = new LinkedHashMap<>();
        for (Change c : changes) {
            if (c.action() == Action.ADD) {
                adds.put(c.path().toString(), (Number) c.value());
            }
        }
        return Collections.unmodifiableMap(adds);
    }

    /** The version the stored item must have, for versioned types. */
    public java.util.OptionalLong expectedVersion() {
        return expectedVersion == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(expectedVersion);
    }

    /** An extra condition, or null. */
    public Condition condition() {
        return condition;
    }

    /** The request token this update stores and checks, if it has one. */
    public java.util.Optional<RequestToken> requestToken() {
        return java.util.Optional.ofNullable(requestToken);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UpdateSpec u && changes.equals(u.changes)
                && Objects.equals(expectedVersion, u.expectedVersion) && Objects.equals(condition, u.condition)
                && Objects.equals(requestToken, u.requestToken);
    }

    @Override
    public int hashCode() {
        return Objects.hash(changes, expectedVersion, condition, requestToken);
    }

    @Override
    public String toString() {
        return "UpdateSpec[changes=" + changes + ", expectedVersion=" + expectedVersion + ", condition=" + condition
                + (requestToken == null ? "" : ", requestToken=" + requestToken) + "]";
    }

    /** Builder of {@link UpdateSpec}; not thread-safe. Each method taking a path text parses it at once. */
    public static final class Builder {
        private final List<Change> changes = new ArrayList<>();
        private Long expectedVersion;
        private Condition condition;
        private RequestToken requestToken;

        private Builder() {
        }

        private Builder change(Action action, AttributePath path, Object value, Object operand) {
            Change c = new Change(action, Objects.requireNonNull(path, "path"), value, operand);
            // the same change of the same path again replaces the first (the last value wins)
            changes.removeIf(old -> old.action() == action && old.path().equals(c.path()));
            changes.add(c);
            return this;
        }

        /**
         * Sets {@code path} to {@code value} (converted like item fields; a {@link ValueOf} copies). Null removes a
         * field, and stores {@code NULL} as a list element or map value; an empty set is stored as an empty list.
         */
        public Builder set(String path, Object value) {
            return set(AttributePath.parse(path), value);
        }

        /** {@link #set(String, Object)} at a built path. */
        public Builder set(AttributePath path, Object value) {
            return change(Action.SET, path, value, null);
        }

        /** {@link #set(String, Object)} of a record component named by method reference ({@code Post::title}). */
        public <T, V> Builder set(ItemProperty<T, V> property, V value) {
            return set(AttributePath.of(property), value);
        }

        /** Sets {@code path} to {@code value} only if it is absent ({@code SET p = if_not_exists(p, :v)}). */
        public Builder setIfAbsent(String path, Object value) {
            return setIfAbsent(AttributePath.parse(path), value);
        }

        /** {@link #setIfAbsent(String, Object)} at a built path. */
        public Builder setIfAbsent(AttributePath path, Object value) {
            return set(path, new ValueOf(path, true, value));
        }

        /** {@link #setIfAbsent(String, Object)} of a record component named by method reference. */
        public <T, V> Builder setIfAbsent(ItemProperty<T, V> property, V value) {
            return setIfAbsent(AttributePath.of(property), value);
        }

        /** Sets {@code path} to the sum of two operands, each a number or a {@link ValueOf}. */
        public Builder setSum(String path, Object first, Object second) {
            return change(Action.SUM, AttributePath.parse(path), Objects.requireNonNull(first, "first"),
                    Objects.requireNonNull(second, "second"));
        }

        /** Sets {@code path} to {@code first - second}, each a number or a {@link ValueOf}. */
        public Builder setDifference(String path, Object first, Object second) {
            return change(Action.DIFFERENCE, AttributePath.parse(path), Objects.requireNonNull(first, "first"),
                    Objects.requireNonNull(second, "second"));
        }

        /**
         * Adds {@code delta} to the number at {@code path} with {@code SET} (an absent number counts as 0). Applied
         * twice it adds twice: see <b>Applied twice?</b> above for the exactly-once form.
         */
        public Builder increment(String path, Number delta) {
            return increment(AttributePath.parse(path), delta);
        }

        /** {@link #increment(String, Number)} at a built path. */
        public Builder increment(AttributePath path, Number delta) {
            return change(Action.SUM, path, new ValueOf(path, true, 0), Objects.requireNonNull(delta, "delta"));
        }

        /** {@link #increment(String, Number)} of a record component named by method reference. */
        public <T, V extends Number> Builder increment(ItemProperty<T, V> property, Number delta) {
            return increment(AttributePath.of(property), delta);
        }

        /** Subtracts {@code delta} from the number at {@code path} with {@code SET} (an absent number counts as 0). */
        public Builder decrement(String path, Number delta) {
            return decrement(AttributePath.parse(path), delta);
        }

        /** {@link #decrement(String, Number)} at a built path. */
        public Builder decrement(AttributePath path, Number delta) {
            return change(Action.DIFFERENCE, path, new ValueOf(path, true, 0), Objects.requireNonNull(delta, "delta"));
        }

        /** {@link #decrement(String, Number)} of a record component named by method reference. */
        public <T, V extends Number> Builder decrement(ItemProperty<T, V> property, Number delta) {
            return decrement(AttributePath.of(property), delta);
        }

        /** Removes the attribute, nested field or list element at {@code path}. */
        public Builder remove(String path) {
            return remove(AttributePath.parse(path));
        }

        /** {@link #remove(String)} at a built path. */
        public Builder remove(AttributePath path) {
            return change(Action.REMOVE, path, null, null);
        }

        /** {@link #remove(String)} of a record component named by method reference. */
        public <T, V> Builder remove(ItemProperty<T, V> property) {
            return remove(AttributePath.of(property));
        }

        /**
         * Adds {@code delta} to the number at {@code path} with {@code ADD} (an absent number counts as 0). Applied
         * twice it adds twice: see <b>Applied twice?</b> above.
         */
        public Builder add(String path, Number delta) {
            return add(AttributePath.parse(path), delta);
        }

        /** {@link #add(String, Number)} at a built path. */
        public Builder add(AttributePath path, Number delta) {
            return change(Action.ADD, path, Objects.requireNonNull(delta, "delta"), null);
        }

        /** {@link #add(String, Number)} of a record component named by method reference. */
        public <T, V extends Number> Builder add(ItemProperty<T, V> property, Number delta) {
            return add(AttributePath.of(property), delta);
        }

        /**
         * Appends {@code elements} to the list at {@code path} (an absent list counts as empty). Applied twice it
         * appends twice: see <b>Applied twice?</b> above.
         */
        public Builder append(String path, Collection<?> elements) {
            return append(AttributePath.parse(path), elements);
        }

        /** {@link #append(String, Collection)} at a built path. */
        public Builder append(AttributePath path, Collection<?> elements) {
            return change(Action.APPEND, path, new ArrayList<>(elements), null);
        }

        /** {@link #append(String, Collection)} of a record component named by method reference. */
        public <T, V extends Collection<?>> Builder append(ItemProperty<T, V> property, Collection<?> elements) {
            return append(AttributePath.of(property), elements);
        }

        /** Puts {@code elements} in front of the list at {@code path} (an absent list counts as empty). */
        public Builder prepend(String path, Collection<?> elements) {
            return prepend(AttributePath.parse(path), elements);
        }

        /** {@link #prepend(String, Collection)} at a built path. */
        public Builder prepend(AttributePath path, Collection<?> elements) {
            return change(Action.PREPEND, path, new ArrayList<>(elements), null);
        }

        /**
         * Adds {@code elements} (strings, numbers, or {@code byte[]}: a string, number or binary set) to the set at
         * {@code path}, creating it when absent ({@code ADD}).
         */
        public Builder addToSet(String path, Collection<?> elements) {
            return addToSet(AttributePath.parse(path), elements);
        }

        /** {@link #addToSet(String, Collection)} at a built path. */
        public Builder addToSet(AttributePath path, Collection<?> elements) {
            return change(Action.ADD_TO_SET, path, new ArrayList<>(elements), null);
        }

        /** {@link #addToSet(String, Collection)} of a record component named by method reference. */
        public <T, V extends Collection<?>> Builder addToSet(ItemProperty<T, V> property, Collection<?> elements) {
            return addToSet(AttributePath.of(property), elements);
        }

        /** Removes {@code elements} from the set at {@code path} ({@code DELETE}); see {@link #addToSet}. */
        public Builder deleteFromSet(String path, Collection<?> elements) {
            return deleteFromSet(AttributePath.parse(path), elements);
        }

        /** {@link #deleteFromSet(String, Collection)} at a built path. */
        public Builder deleteFromSet(AttributePath path, Collection<?> elements) {
            return change(Action.DELETE_FROM_SET, path, new ArrayList<>(elements), null);
        }

        /** Requires the stored version to be {@code version} (versioned types only). */
        public Builder expectedVersion(long version) {
            this.expectedVersion = version;
            return this;
        }

        /** Adds a condition that must hold. */
        public Builder condition(Condition condition) {
            this.condition = condition;
            return this;
        }

        /**
         * Makes this update one request that knows its own write: stores {@code token}, a value unique to the
         * request (a request id), at {@code attribute} (a top-level text property of the type), and applies the
         * update only if the item does not hold that token already. When DynamoDB's answer is lost after it applied
         * the update, and the SDK's retry (or the application's own, with the same token) then finds its condition
         * false, the stored token shows that the update is in the item, and it reports success instead of a
         * conflict or a {@link WriteOutcomeUnknownException}; the item it returns is the one stored now.
         *
         * <p>The item remembers its last token only. With an {@link #expectedVersion(long) expected version} the
         * update is applied exactly once, whatever is lost. Without one, a write with another token that lands
         * between a lost attempt and its retry lets the retry apply again, so an increment, append or
         * {@code ADD} without an expected version is still not resent by the SDK after a failure DynamoDB may
         * have applied ({@link WriteOutcomeUnknownException}). In a transaction, an item that holds the token
         * fails the transaction's condition (the transaction's own token covers its resends). Example:
         * {@code u.increment("balance", 10).expectedVersion(7).requestToken("lastRequest", requestId)}.
         */
        public Builder requestToken(String attribute, String token) {
            RequestToken t = new RequestToken(AttributePath.parse(attribute), token);
            if (requestToken != null) {
                changes.removeIf(c -> c.action() == Action.SET && c.path().equals(requestToken.attribute()));
            }
            requestToken = t;
            return set(t.attribute(), token);
        }

        /** Builds the immutable spec. */
        public UpdateSpec build() {
            return new UpdateSpec(this);
        }
    }
}
