package dev.keypath.test.model;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The clock both tables of the model test read: the commands move it forward so that items expire between them.
 * It starts each command sequence at {@link #START}, far after the real time, so DynamoDB's own expiry never runs
 * on the items. Thread-safe.
 */
final class ModelClock extends Clock {
    static final Instant START = Instant.parse("2031-05-01T08:00:00.250Z");
    static final ModelClock INSTANCE = new ModelClock();

    private volatile Instant now = START;

    private ModelClock() {
    }

    void set(Instant instant) {
        this.now = instant;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the model clock has one zone");
    }

    @Override
    public Instant instant() {
        return now;
    }
}
