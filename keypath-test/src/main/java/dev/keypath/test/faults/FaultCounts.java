package dev.keypath.test.faults;

import java.util.EnumMap;
import java.util.Map;

/**
 * How many requests a {@link FaultProxy} received, and how many met each {@link Fault}. Immutable.
 *
 * @param requests every request received
 * @param byFault  per fault (every fault present, {@link Fault#PASS} included), the requests that met it
 */
public record FaultCounts(long requests, Map<Fault, Long> byFault) {
    /** Copies the map, with every fault present. */
    public FaultCounts {
        Map<Fault, Long> all = new EnumMap<>(Fault.class);
        for (Fault f : Fault.values()) {
            all.put(f, byFault.getOrDefault(f, 0L));
        }
        byFault = Map.copyOf(all);
    }

    /** The requests that met {@code fault}. */
    public long of(Fault fault) {
        return byFault.get(fault);
    }

    /** The requests whose answer the client did not get as the engine gave it: every fault but PASS and a delay. */
    public long faulted() {
        return requests - of(Fault.PASS) - of(Fault.DELAYED_ANSWER);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("requests=" + requests);
        for (Fault f : Fault.values()) {
            s.append(", ").append(f.name().toLowerCase(java.util.Locale.ROOT)).append('=').append(of(f));
        }
        return s.toString();
    }
}
