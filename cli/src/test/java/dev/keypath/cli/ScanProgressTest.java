package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.LoopbackHost;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScanProgressTest {
    private long now;
    private final StringWriter err = new StringWriter();

    private ScanProgress progress(boolean terminal) {
        return new ScanProgress(new PrintWriter(err), () -> now, terminal);
    }

    @Test
    void shortScanPrintsNothing() {
        ScanProgress p = progress(true);
        for (int i = 0; i < 5000; i++) {
            p.item();
        }
        now = ScanProgress.INTERVAL_MILLIS - 1;
        p.item();
        p.finish();

        assertThat(err.toString()).isEmpty();
    }

    @Test
    void longScanNotATerminalPrintsPlainLinesEveryInterval() {
        ScanProgress p = progress(false);
        p.item();
        now = 2000;
        p.item();
        now = 3000;
        p.item();
        now = 4000;
        p.item();
        p.finish();

        assertThat(err.toString().lines()).containsExactly("scanned 2 items...", "scanned 4 items...");
    }

    @Test
    void longScanOnATerminalRewritesOneLineAndEndsIt() {
        ScanProgress p = progress(true);
        now = 2500;
        p.item();
        now = 5000;
        p.item();
        p.finish();

        assertThat(err.toString()).isEqualTo("\rscanned 1 items...\rscanned 2 items...\rscanned 2 items.   "
                + System.lineSeparator());
    }

    @Test
    void loopbackEndpointWithoutConfiguredCredentialsUsesLocalCredentials() {
        assertThat(LoopbackHost.isLoopback("localhost")).isTrue();
        assertThat(LoopbackHost.isLoopback("127.0.0.1")).isTrue();
        assertThat(LoopbackHost.isLoopback("[::1]")).isTrue();
        assertThat(LoopbackHost.isLoopback("dynamodb.eu-west-1.amazonaws.com")).isFalse();
        assertThat(LoopbackHost.isLoopback("10.0.0.1")).isFalse();
        assertThat(ScanClients.Defaults.region(Map.of())).isEqualTo("us-east-1");
        assertThat(ScanClients.Defaults.region(Map.of("AWS_DEFAULT_REGION", "eu-west-1"))).isEqualTo("eu-west-1");
        assertThat(ScanClients.Defaults.credentials(URI.create("https://dynamodb.us-east-1.amazonaws.com"), Map.of())
                .getClass().getSimpleName()).isEqualTo("DefaultCredentialsProvider");
    }
}
