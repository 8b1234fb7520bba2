package dev.keypath.test.publisher;

import java.util.Base64;
import org.reactivestreams.tck.TestEnvironment;

/** The TCK's timeouts for publishers that read from the test engine, and a page token made invalid. */
final class TckSettings {
    /** How long a signal the TCK expects may take: a page from the engine on a busy machine. */
    static final long TIMEOUT_MILLIS = 5_000;
    /** How long the TCK watches for a signal that must not come. */
    static final long NO_SIGNALS_TIMEOUT_MILLIS = 300;
    /** How often the TCK looks for an expected error (it sleeps this long between looks). */
    static final long POLL_MILLIS = 50;
    /** How long after a cancel the publisher may still hold the subscriber. */
    static final long GC_TIMEOUT_MILLIS = 1_000;

    private TckSettings() {
    }

    static TestEnvironment environment() {
        return new TestEnvironment(TIMEOUT_MILLIS, NO_SIGNALS_TIMEOUT_MILLIS, POLL_MILLIS);
    }

    /** {@code token} with one bit of its middle byte flipped: its signature no longer holds. */
    static String tampered(String token) {
        byte[] raw = Base64.getUrlDecoder().decode(token);
        raw[raw.length / 2] ^= 0x01;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }
}
