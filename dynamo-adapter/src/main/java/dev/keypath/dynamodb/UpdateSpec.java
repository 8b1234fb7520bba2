package dev.keypath.dynamodb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Changes to non-key fields of one stored item: set, remove and numeric add, on top-level attributes named by
 * their (Jackson) property names. Key fields, the item type attribute and the version field cannot be changed
 * this way. If {@link #expectedVersion()} is present the update is version-checked.
 *
 * <p>Immutable and thread-safe; build with {@link #builder()}.
 */
public final class UpdateSpec {
    private final Map<String, Object> sets;
    private final Set<String> removes;
    private final Map<String, Number> adds;
    private final Long expectedVersion;
    private final Condition condition;

    private UpdateSpec(Builder b) {
        this.sets = Collections.unmodifiableMap(new LinkedHashMap<>(b.sets));
        this.removes = Collections.unmodifiableSet(new LinkedHashSet<>(b.removes));
        this.adds = Collections.unmodifiableMap(new LinkedHashMap<>(b.adds));
        this.expectedVersion = b.expectedVersion;
        this.condition = b.condition;
        if (sets.isEmpty() && removes.isEmpty() && adds.isEmpty()) {
            throw new IllegalArgumentException("update has no changes");
        }
        List<String> all = new ArrayList<>(sets.keySet());
        all.addAll(removes);
        all.addAll(adds.keySet());
        if (new LinkedHashSet<>(all).size() != all.size()) {
            throw new IllegalArgumentException("an attribute appears in more than one change: " + all);
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

    /** A builder with this spec's contents. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.sets.putAll(sets);
        b.removes.addAll(removes);
        b.adds.putAll(adds);
        b.expectedVersion = expectedVersion;
        b.condition = condition;
        return b;
    }

    /** Attributes to set, with their new Java values. */
    public Map<String, Object> sets() {
        return sets;
    }

    /** Attributes to remove. */
    public Set<String> removes() {
        return removes;
    }

    /** Numeric attributes to increase (or decrease, with negative numbers). */
    public Map<String, Number> adds() {
        return adds;
    }

    /** The version the stored item must have, for versioned types. */
    public java.util.OptionalLong expectedVersion() {
        return expectedVersion == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(expectedVersion);
    }

    /** An extra condition, or null. */
    public Condition condition() {
        return condition;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UpdateSpec u && sets.equals(u.sets) && removes.equals(u.removes) && adds.equals(u.adds)
                && Objects.equals(expectedVersion, u.expectedVersion) && Objects.equals(condition, u.condition);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sets, removes, adds, expectedVersion, condition);
    }

    @Override
    public String toString() {
        return "UpdateSpec[set=" + sets + ", remove=" + removes + ", add=" + adds + ", expectedVersion="
                + expectedVersion + ", condition=" + condition + "]";
    }

    /** Builder of {@link UpdateSpec}; not thread-safe. */
    public static final class Builder {
        private final Map<String, Object> sets = new LinkedHashMap<>();
        private final Set<String> removes = new LinkedHashSet<>();
        private final Map<String, Number> adds = new LinkedHashMap<>();
        private Long expectedVersion;
        private Condition condition;

        private Builder() {
        }

        /** Sets {@code attribute} to {@code value} (converted like item fields; null stores NULL). */
        public Builder set(String attribute, Object value) {
            sets.put(Objects.requireNonNull(attribute, "attribute"), value);
            return this;
        }

        /** Removes {@code attribute}. */
        public Builder remove(String attribute) {
            removes.add(Objects.requireNonNull(attribute, "attribute"));
            return this;
        }

        /** Adds {@code delta} to numeric {@code attribute} (a missing attribute counts as 0). */
        public Builder add(String attribute, Number delta) {
            adds.put(Objects.requireNonNull(attribute, "attribute"), Objects.requireNonNull(delta, "delta"));
            return this;
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

        /** Builds the immutable spec. */
        public UpdateSpec build() {
            return new UpdateSpec(this);
        }
    }
}
