package dev.keypath.test.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The faults a {@link FaultProxy} injects, seeded so that a run can be replayed: the requests it receives meet, in
 * the order they arrive, first the {@linkplain Builder#script scripted} faults, then faults drawn from a
 * {@link SplittableRandom} with the plan's seed and each fault's probability (the rest {@link Fault#PASS}). With
 * one client at a time the n-th request meets the same fault in every run with the same seed; with several, the
 * same sequence of faults is dealt to requests in the order they arrive. Requests of operations the plan does not
 * name ({@link Builder#operations}) pass, without taking a draw.
 *
 * <pre>{@code
 * FaultPlan plan = FaultPlan.builder().seed(42)
 *         .probability(Fault.LOST_ANSWER, 0.10).probability(Fault.THROTTLE, 0.05)
 *         .probability(Fault.ERROR_AFTER_APPLY, 0.02)
 *         .delay(Duration.ofSeconds(2))                         // a DELAYED_ANSWER comes back this late
 *         .latency(Duration.ofMillis(1)).bytesPerSecond(1 << 20) // every exchange: a slower network
 *         .operations("PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems")
 *         .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe; {@link #dealer()} gives each proxy its own sequence.
 */
public final class FaultPlan {
    /** A plan that injects nothing. */
    public static final FaultPlan NONE = builder().build();

    private final long seed;
    private final Map<Fault, Double> probabilities;
    private final List<Fault> script;
    private final Set<String> operations;
    private final Duration delay;
    private final Duration latency;
    private final long bytesPerSecond;

    private FaultPlan(Builder b) {
        this.seed = b.seed;
        this.probabilities = Map.copyOf(b.probabilities);
        this.script = List.copyOf(b.script);
        this.operations = Set.copyOf(b.operations);
        this.delay = b.delay;
        this.latency = b.latency;
        this.bytesPerSecond = b.bytesPerSecond;
    }

    /** A new builder: seed 0, no faults, every operation, a 1 s delay, no latency, no bandwidth limit. */
    public static Builder builder() {
        return new Builder();
    }

    /** The seed of the drawn faults. */
    public long seed() {
        return seed;
    }

    /** The probability of {@code fault} per request (0 when not set). */
    public double probability(Fault fault) {
        return probabilities.getOrDefault(fault, 0.0);
    }

    /** The faults the first requests meet, in order. */
    public List<Fault> script() {
        return script;
    }

    /** The operations ({@code PutItem}, …) whose requests meet faults; empty: every operation. */
    public Set<String> operations() {
        return operations;
    }

    /** How long a {@link Fault#DELAYED_ANSWER} holds the answer. */
    public Duration delay() {
        return delay;
    }

    /** Added to every exchange, half before forwarding and half before answering. */
    public Duration latency() {
        return latency;
    }

    /** The answer's bytes per second on the way back; 0: no limit. */
    public long bytesPerSecond() {
        return bytesPerSecond;
    }

    /** A new sequence of this plan's faults, from its start. */
    public Dealer dealer() {
        return new Dealer();
    }

    @Override
    public String toString() {
        return "FaultPlan[seed=" + seed + ", probabilities=" + probabilities + ", script=" + script
                + ", operations=" + operations + ", delay=" + delay + ", latency=" + latency + ", bytesPerSecond="
                + bytesPerSecond + "]";
    }

    /** Deals the faults of one run, one per request, in the order asked. Thread-safe. */
    public final class Dealer {
        private final SplittableRandom random = new SplittableRandom(seed);
        private int dealt;

        private Dealer() {
        }

        /** The fault the next request of {@code operation} (e.g. {@code PutItem}; null if unknown) meets. */
        public synchronized Fault next(String operation) {
            if (!operations.isEmpty() && (operation == null || !operations.contains(operation))) {
                return Fault.PASS;
            }
            if (dealt < script.size()) {
                return script.get(dealt++);
            }
            dealt++;
            double draw = random.nextDouble();
            for (Fault f : Fault.values()) {
                double p = probability(f);
                if (draw < p) {
                    return f;
                }
                draw -= p;
            }
            return Fault.PASS;
        }
    }

    /** Builder of a {@link FaultPlan}; not thread-safe. */
    public static final class Builder {
        private long seed;
        private final Map<Fault, Double> probabilities = new EnumMap<>(Fault.class);
        private final List<Fault> script = new ArrayList<>();
        private final List<String> operations = new ArrayList<>();
        private Duration delay = Duration.ofSeconds(1);
        private Duration latency = Duration.ZERO;
        private long bytesPerSecond;

        private Builder() {
        }

        /** The seed of the drawn faults. */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * The probability that a request meets {@code fault} (0 to 1; all of them together at most 1; the rest
         * pass). Setting {@link Fault#PASS} is refused: it is what remains.
         */
        public Builder probability(Fault fault, double probability) {
            Objects.requireNonNull(fault, "fault");
            if (fault == Fault.PASS) {
                throw new IllegalArgumentException("PASS is what the other faults leave; set their probabilities");
            }
            if (!(probability >= 0 && probability <= 1)) {
                throw new IllegalArgumentException("a probability is between 0 and 1, got " + probability + " for "
                        + fault);
            }
            probabilities.put(fault, probability);
            return this;
        }

        /** The faults the first requests meet, in order, before any is drawn. */
        public Builder script(Fault... faults) {
            for (Fault f : faults) {
                script.add(Objects.requireNonNull(f, "fault"));
            }
            return this;
        }

        /** Only requests of these operations meet faults (the {@code X-Amz-Target} suffix, e.g. {@code PutItem}). */
        public Builder operations(String... names) {
            operations.addAll(List.of(names));
            return this;
        }

        /** How long a {@link Fault#DELAYED_ANSWER} holds the answer. */
        public Builder delay(Duration delay) {
            this.delay = nonNegative(delay, "delay");
            return this;
        }

        /** Added to every exchange: a slower network. */
        public Builder latency(Duration latency) {
            this.latency = nonNegative(latency, "latency");
            return this;
        }

        /** The bytes per second of every answer on its way back (0: no limit): a slower network. */
        public Builder bytesPerSecond(long bytesPerSecond) {
            if (bytesPerSecond < 0) {
                throw new IllegalArgumentException("bytesPerSecond may not be negative, got " + bytesPerSecond);
            }
            this.bytesPerSecond = bytesPerSecond;
            return this;
        }

        /** The plan; fails when the probabilities add up to more than 1. */
        public FaultPlan build() {
            double sum = probabilities.values().stream().mapToDouble(Double::doubleValue).sum();
            if (sum > 1 + 1e-9) {
                throw new IllegalArgumentException("the fault probabilities add up to " + sum + ", more than 1: "
                        + probabilities);
            }
            return new FaultPlan(this);
        }

        private static Duration nonNegative(Duration d, String what) {
            Objects.requireNonNull(d, what);
            if (d.isNegative()) {
                throw new IllegalArgumentException(what + " may not be negative, got " + d);
            }
            return d;
        }
    }
}
