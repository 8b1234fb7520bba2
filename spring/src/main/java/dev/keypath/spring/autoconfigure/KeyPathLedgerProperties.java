package dev.keypath.spring.autoconfigure;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the auto-configured access-pattern ledger ({@code keypath.dynamodb.ledger.*}), which keeps what each
 * access pattern of the table costs and shows it at {@code /actuator/keypath}.
 */
@ConfigurationProperties(prefix = KeyPathLedgerProperties.PREFIX)
public class KeyPathLedgerProperties {
    /** The prefix of these properties. */
    public static final String PREFIX = "keypath.dynamodb.ledger";

    /** Whether to keep the ledger (with keypath-micrometer on the classpath, which the starter brings). */
    private boolean enabled = true;

    /** The recent time the latency percentiles and the hottest partitions cover. */
    private Duration window = Duration.ofMinutes(1);

    /** The steps the window moves on in: what is shown covers between (steps-1)/steps of the window and all of it. */
    private int windowSteps = 6;

    /**
     * Counters of the hot-partition summary per step: its memory is bounded by counters x steps entries, and each
     * listed partition's units are off by at most the window's units divided by this.
     */
    private int hotPartitionCounters = 64;

    /** How many of the hottest partitions the endpoint lists. */
    private int hotPartitions = 10;

    /** The most access patterns kept apart; later ones are counted together as "(other)". */
    private int maxPatterns = 1000;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Duration getWindow() {
        return window;
    }

    public void setWindow(Duration window) {
        this.window = window;
    }

    public int getWindowSteps() {
        return windowSteps;
    }

    public void setWindowSteps(int windowSteps) {
        this.windowSteps = windowSteps;
    }

    public int getHotPartitionCounters() {
        return hotPartitionCounters;
    }

    public void setHotPartitionCounters(int hotPartitionCounters) {
        this.hotPartitionCounters = hotPartitionCounters;
    }

    public int getHotPartitions() {
        return hotPartitions;
    }

    public void setHotPartitions(int hotPartitions) {
        this.hotPartitions = hotPartitions;
    }

    public int getMaxPatterns() {
        return maxPatterns;
    }

    public void setMaxPatterns(int maxPatterns) {
        this.maxPatterns = maxPatterns;
    }
}
