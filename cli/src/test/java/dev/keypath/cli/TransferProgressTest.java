package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TransferProgressTest {
    private long now;
    private final StringWriter err = new StringWriter();

    private TransferProgress progress(boolean terminal) {
        return new TransferProgress(new PrintWriter(err), () -> now, terminal, "exported");
    }

    @Test
    void barShowsPercentCountAndRate() {
        TransferProgress p = progress(false);

        assertThat(p.line(5_000, 10_000, 4_000)).isEqualTo("[##########----------]  50%  5000/10000 items  1250 items/s");
        assertThat(p.line(12_000, 10_000, 4_000)).startsWith("[####################] 100%  12000/10000 items");
        assertThat(p.line(300, 0, 1_000)).isEqualTo("300 items  300 items/s");
    }

    @Test
    void notATerminalPrintsAPlainLineEveryIntervalAndTheTotal() {
        TransferProgress p = progress(false);
        p.progress(10, 100);
        now = TransferProgress.PLAIN_MILLIS;
        p.progress(40, 100);
        now = TransferProgress.PLAIN_MILLIS + 1;
        p.progress(50, 100);
        now = 4_000;
        p.finish(100);

        assertThat(err.toString().lines()).containsExactly(
                "[########------------]  40%  40/100 items  20 items/s", "exported 100 items in 4.0 s (25 items/s)");
    }

    @Test
    void onATerminalOneLineIsRewrittenAndEnded() {
        TransferProgress p = progress(true);
        now = 300;
        p.progress(30, 100);
        now = 600;
        p.progress(60, 100);
        now = 1_000;
        p.finish(100);

        assertThat(err.toString()).startsWith("\r[######--------------]  30%").contains("\r[############--------]  60%")
                .contains("\r[####################] 100%  100/100 items").endsWith("exported 100 items in 1.0 s (100 items/s)"
                        + System.lineSeparator());
    }

    @Test
    void aQuickTransferPrintsOnlyTheTotal() {
        TransferProgress p = progress(true);
        p.progress(5, 5);
        p.finish(5);

        assertThat(err.toString().lines()).containsExactly("exported 5 items in 0.0 s (5000 items/s)");
    }
}
