package dev.keypath.spring.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How the table's operations reach Micrometer ({@code keypath.dynamodb.observations.*}): one observation per
 * operation (with an {@code ObservationRegistry} bean), the meters alone (with a {@code MeterRegistry} bean), the
 * one of these that is enough for what the application has (the default), or neither. The access-pattern ledger and
 * {@code /actuator/keypath} are fed in every mode.
 */
@ConfigurationProperties(prefix = KeyPathObservationProperties.PREFIX)
public class KeyPathObservationProperties {
    /** The prefix of these properties. */
    public static final String PREFIX = "keypath.dynamodb.observations";

    /** What Micrometer gets of each operation. */
    public enum Mode {
        /**
         * The default: "observations" when anything but Micrometer's plain {@code DefaultMeterObservationHandler}
         * could see an observation (a tracer, any other handler bean, a registry customizer, filter, predicate or
         * convention bean, an observation registry of the application's own, common key values, request
         * observations asked for), else "meters", which makes the same timer and counters at a fraction of the
         * cost. Handlers added to the registry other than as beans cannot be seen: choose "observations" for them.
         */
        AUTO,
        /**
         * One observation per operation in the application's {@code ObservationRegistry} (its handlers make the
         * timer and the spans), and the capacity and item counters in its {@code MeterRegistry}.
         */
        OBSERVATIONS,
        /**
         * No observation: the {@code keypath.operation} timer, its {@code keypath.operation.active} long-task timer
         * (as Micrometer's meter handler makes them of an observation) and the capacity and item counters straight
         * into the application's {@code MeterRegistry}, at a fraction of an observation's cost; no span.
         */
        METERS,
        /** Nothing: no observation and no meter of keypath's own. */
        NONE
    }

    /** Whether operations reach Micrometer at all; false is the same as mode "none". */
    private boolean enabled = true;

    /**
     * What each operation gives Micrometer: "auto" (observations when anything but Micrometer's meter handler could
     * see them, such as a tracer or a handler bean of the application's, else meters), "observations" (an
     * observation each, traced and timed by the observation registry's handlers, whatever auto would see: for a
     * handler added to the registry without a bean), "meters" (the timer and counters alone, no observation, no
     * span), or "none".
     */
    private Mode mode = Mode.AUTO;

    /**
     * Whether each DynamoDB request gets a child observation of its operation's (modes "observations" and "auto",
     * which it makes observe); each costs about as much as the operation's own.
     */
    private boolean requests;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Mode getMode() {
        return mode;
    }

    public void setMode(Mode mode) {
        this.mode = mode;
    }

    public boolean isRequests() {
        return requests;
    }

    public void setRequests(boolean requests) {
        this.requests = requests;
    }
}
