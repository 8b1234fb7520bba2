package dev.keypath.dynamodb;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What an {@link ItemExtension} changes in a write before it is sent. The same modification works on puts and on
 * updates:
 * <ul>
 *   <li>{@link Builder#set}: a put stores the attribute with this value; an update adds {@code SET name = value},
 *       or, when the caller's update sets that attribute itself, replaces the caller's value (a later extension
 *       sees the replaced value in {@link ItemWrite#attributes()});</li>
 *   <li>{@link Builder#setIfAbsent}: a put stores the value only when the item does not already carry the
 *       attribute (the caller's object has it set); an update adds {@code SET name = if_not_exists(name, value)},
 *       which keeps a stored value;</li>
 *   <li>{@link Builder#add}: an update adds {@code ADD name value} (numbers); puts refuse it;</li>
 *   <li>{@link Builder#replaceAttributes}: a put stores this attribute map instead (it must keep {@code pk},
 *       {@code sk} and {@code _type}); updates refuse it;</li>
 *   <li>{@link Builder#condition}: the write also requires this condition (batch puts refuse it, since
 *       {@code BatchWriteItem} carries none). Its placeholders are renamed so that they never clash with the
 *       caller's or another extension's.</li>
 * </ul>
 * Immutable.
 */
public final class WriteModification {
    /** Changes nothing. */
    public static final WriteModification NONE = new Builder().build();

    private final Map<String, AttributeValue> attributes;
    private final Map<String, AttributeValue> sets;
    private final Map<String, AttributeValue> setsIfAbsent;
    private final Map<String, AttributeValue> adds;
    private final Condition condition;

    private WriteModification(Builder b) {
        this.attributes = b.attributes;
        this.sets = copy(b.sets);
        this.setsIfAbsent = copy(b.setsIfAbsent);
        this.adds = copy(b.adds);
        this.condition = b.condition;
    }

    /** An ordered read-only copy; the shared empty map for none (most modifications use one kind of change). */
    private static Map<String, AttributeValue> copy(Map<String, AttributeValue> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    /** A builder of a modification. */
    public static Builder builder() {
        return new Builder();
    }

    /** The replacement attribute map of a put, or null. */
    public Map<String, AttributeValue> replacedAttributes() {
        return attributes;
    }

    /** Attributes set to a value, in order. */
    public Map<String, AttributeValue> sets() {
        return sets;
    }

    /** Attributes set to a value unless the item already has them, in order. */
    public Map<String, AttributeValue> setsIfAbsent() {
        return setsIfAbsent;
    }

    /** Numbers added to attributes by an update, in order. */
    public Map<String, AttributeValue> adds() {
        return adds;
    }

    /** The condition the write must also meet, or null. */
    public Condition condition() {
        return condition;
    }

    /** Whether this modification changes nothing. */
    public boolean isEmpty() {
        return attributes == null && sets.isEmpty() && setsIfAbsent.isEmpty() && adds.isEmpty() && condition == null;
    }

    /** Builds a {@link WriteModification}. Not thread-safe. */
    public static final class Builder {
        private Map<String, AttributeValue> attributes;
        /** Each made on first use. */
        private Map<String, AttributeValue> sets;
        private Map<String, AttributeValue> setsIfAbsent;
        private Map<String, AttributeValue> adds;
        private Condition condition;

        private Builder() {
        }

        /** A put stores {@code attributes} instead of the item's (puts only). */
        public Builder replaceAttributes(Map<String, AttributeValue> attributes) {
            this.attributes = Map.copyOf(Objects.requireNonNull(attributes, "attributes"));
            return this;
        }

        /** Stores {@code value} under the top-level attribute {@code name}. */
        public Builder set(String name, AttributeValue value) {
            sets = sets == null ? new LinkedHashMap<>(4) : sets;
            sets.put(checked(name), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** Stores {@code value} under {@code name} unless the item already has that attribute. */
        public Builder setIfAbsent(String name, AttributeValue value) {
            setsIfAbsent = setsIfAbsent == null ? new LinkedHashMap<>(4) : setsIfAbsent;
            setsIfAbsent.put(checked(name), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** Adds the number {@code value} to the attribute {@code name} (updates only). */
        public Builder add(String name, AttributeValue value) {
            if (Objects.requireNonNull(value, "value").n() == null) {
                throw new IllegalArgumentException("add needs a number value, got " + value);
            }
            adds = adds == null ? new LinkedHashMap<>(4) : adds;
            adds.put(checked(name), value);
            return this;
        }

        /** The write also requires {@code condition}; placeholders are renamed per extension. */
        public Builder condition(Condition condition) {
            this.condition = Objects.requireNonNull(condition, "condition");
            return this;
        }

        /** The modification. */
        public WriteModification build() {
            return new WriteModification(this);
        }

        private static String checked(String name) {
            if (name == null || name.isEmpty()) {
                throw new IllegalArgumentException("attribute name must not be empty");
            }
            return name;
        }
    }
}
