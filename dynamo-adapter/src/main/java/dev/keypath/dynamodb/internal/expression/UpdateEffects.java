package dev.keypath.dynamodb.internal.expression;

import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What an update's own changes leave in the item, as far as the stored item can show it, and whether applying
 * the update twice changes the item twice. A literal {@code SET} leaves its value, a {@code REMOVE} of a name
 * leaves nothing there, a set {@code ADD} leaves its elements in the set and a set {@code DELETE} none of them,
 * {@code setIfAbsent} leaves some value; an increment, an append, an {@code ADD} of a number or a copy of another
 * attribute depends on what was stored before, so the stored item cannot show it ({@link #computed()}). The
 * request token, when the update has one, is the value that tells its own write for certain. Immutable.
 *
 * @param expectations what the stored item holds once the update applied
 * @param computed     whether some change depends on the stored values
 * @param idempotent   whether applying the update again leaves the item as after the first time
 * @param token        what the request token leaves, or null without one
 * @param written      the top-level attributes the update's own changes write
 */
public record UpdateEffects(List<Expectation> expectations, boolean computed, boolean idempotent, Expectation token,
                     Set<String> written) {

    /** One thing an applied update leaves at a path (top-level name, then map names and list indexes). */
    public sealed interface Expectation {
        /** Whether {@code item} shows it. */
        boolean holds(Map<String, AttributeValue> item);
    }

    /** The path holds {@code value}. */
    record Holds(List<Object> steps, AttributeValue value) implements Expectation {
        @Override
        public boolean holds(Map<String, AttributeValue> item) {
            AttributeValue stored = StoredValues.at(item, steps);
            return stored != null && StoredValues.same(stored, value);
        }
    }

    /** The path holds some value. */
    record Present(List<Object> steps) implements Expectation {
        @Override
        public boolean holds(Map<String, AttributeValue> item) {
            return StoredValues.at(item, steps) != null;
        }
    }

    /** The path holds nothing. */
    record Absent(List<Object> steps) implements Expectation {
        @Override
        public boolean holds(Map<String, AttributeValue> item) {
            return StoredValues.at(item, steps) == null;
        }
    }

    /** The set at the path holds every element of {@code elements}. */
    record HoldsAll(List<Object> steps, AttributeValue elements) implements Expectation {
        @Override
        public boolean holds(Map<String, AttributeValue> item) {
            return StoredValues.containsAll(StoredValues.at(item, steps), elements);
        }
    }

    /** The set at the path holds none of {@code elements}. */
    record HoldsNone(List<Object> steps, AttributeValue elements) implements Expectation {
        @Override
        public boolean holds(Map<String, AttributeValue> item) {
            return StoredValues.containsNone(StoredValues.at(item, steps), elements);
        }
    }

    /** The condition that the item does not hold {@code token} at the stored attribute {@code attribute}. */
    public static Expr tokenNotHeld(String attribute, String token) {
        return Expr.of("attribute_not_exists(#kp_tok) OR #kp_tok <> :kp_tok", Map.of("#kp_tok", attribute),
                Map.of(":kp_tok", AttributeValues.string(token)));
    }

    /**
     * Whether applying {@code spec} twice changes the item twice: an increment, a decrement, a sum or difference, an
     * append or prepend, an {@code ADD} of a number, or a copy of an attribute that the update also writes.
     */
    public static boolean idempotent(UpdateSpec spec) {
        for (UpdateSpec.Change c : spec.changes()) {
            switch (c.action()) {
                case SUM, DIFFERENCE, APPEND, PREPEND, ADD -> {
                    return false;
                }
                case SET -> {
                    if (c.value() instanceof UpdateSpec.ValueOf ref && !ref.path().equals(c.path())
                            && spec.changes().stream().anyMatch(w -> w.path().overlaps(ref.path()))) {
                        return false;
                    }
                }
                default -> {
                }
            }
        }
        return true;
    }

    /**
     * Collects the expectations while an update's expression is written, with value placeholders that are resolved
     * once the extensions have had their say ({@link #build}). Not thread-safe.
     */
    public static final class Builder {
        private final UpdateSpec spec;
        private final List<Function<Map<String, AttributeValue>, Expectation>> pending = new ArrayList<>();
        private final Set<String> written = new LinkedHashSet<>();
        private Function<Map<String, AttributeValue>, Expectation> token;
        private boolean computed;

        public Builder(UpdateSpec spec) {
            this.spec = spec;
        }

        /** A {@code SET} at {@code steps}: of a literal (its placeholder), to itself if absent, or computed. */
        public void set(List<Object> steps, UpdateSpec.Change change, String placeholder) {
            if (!(change.value() instanceof UpdateSpec.ValueOf ref)) {
                Function<Map<String, AttributeValue>, Expectation> holds = v -> new Holds(steps, v.get(placeholder));
                pending.add(holds);
                if (spec.requestToken().filter(t -> t.attribute().equals(change.path())).isPresent()) {
                    token = holds;
                }
            } else if (ref.path().equals(change.path()) && ref.hasFallback()) {
                pending.add(v -> new Present(steps));
            } else {
                computed = true;
            }
        }

        /** A change writes the top-level attribute {@code top}. */
        public void wrote(String top) {
            written.add(top);
        }

        /** A change whose result depends on the stored values. */
        public void computed() {
            computed = true;
        }

        /** A {@code REMOVE} at {@code steps}: of a name leaves nothing; of a list element shifts the rest. */
        public void remove(List<Object> steps) {
            if (steps.get(steps.size() - 1) instanceof Integer) {
                computed = true;
            } else {
                pending.add(v -> new Absent(steps));
            }
        }

        /** A set {@code ADD} ({@code add} true) or {@code DELETE} of the elements in {@code placeholder}. */
        public void setChange(List<Object> steps, String placeholder, boolean add) {
            pending.add(v -> add ? new HoldsAll(steps, v.get(placeholder)) : new HoldsNone(steps, v.get(placeholder)));
        }

        /** The effects, with the final value of each placeholder. */
        public UpdateEffects build(Map<String, AttributeValue> values) {
            List<Expectation> expectations = new ArrayList<>(pending.size());
            pending.forEach(p -> expectations.add(p.apply(values)));
            return new UpdateEffects(List.copyOf(expectations), computed, idempotent(spec),
                    token == null ? null : token.apply(values), Set.copyOf(written));
        }
    }

    /** Whether {@code stored} shows every expectation (true when there are none). */
    public boolean allHold(Map<String, AttributeValue> stored) {
        return expectations.stream().allMatch(e -> e.holds(stored));
    }
}
