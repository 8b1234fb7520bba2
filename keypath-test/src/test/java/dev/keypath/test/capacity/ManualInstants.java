package dev.keypath.test.capacity;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/** An instant source a test moves by hand. Thread-safe. */
final class ManualInstants implements InstantSource {
    private volatile Instant now = Instant.parse("2030-01-01T00:00:00Z");

    void advance(Duration by) {
        now = now.plus(by);
    }

    @Override
    public Instant instant() {
        return now;
    }
}
