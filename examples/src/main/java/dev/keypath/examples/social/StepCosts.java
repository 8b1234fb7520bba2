package dev.keypath.examples.social;

import dev.keypath.micrometer.ledger.AccessPatternLedger;
import dev.keypath.micrometer.ledger.PatternFigures;
import java.util.Locale;

/**
 * What each step of the tour cost: the capacity units and requests the ledger counted since the last reading. Not
 * thread-safe; the tour reads it between steps.
 */
final class StepCosts {
    private final AccessPatternLedger ledger;
    private double units;
    private long requests;

    StepCosts(AccessPatternLedger ledger) {
        this.ledger = ledger;
    }

    /** The units and requests since the last call. */
    Reading take() {
        double nowUnits = 0;
        long nowRequests = 0;
        for (PatternFigures f : ledger.patterns()) {
            nowUnits += f.totalUnits();
            nowRequests += f.requests();
        }
        Reading reading = new Reading(nowUnits - units, (int) (nowRequests - requests));
        units = nowUnits;
        requests = nowRequests;
        return reading;
    }

    /** What a step consumed. */
    record Reading(double capacityUnits, int requests) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%.1f capacity units in %d request%s", capacityUnits, requests, requests == 1 ? "" : "s");
        }
    }
}
