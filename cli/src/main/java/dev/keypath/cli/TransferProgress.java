package dev.keypath.cli;

import dev.keypath.export.ProgressListener;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * The progress bar of {@code keypath export} and {@code keypath import} on standard error: a bar and percentage
 * of the expected item count (when it is known), the items done and the rate, e.g.
 * {@code [##########----------]  50%  5000/10000 items  1250 items/s}. On a terminal it is one line rewritten in
 * place with {@code \r} every {@value #TERMINAL_MILLIS} ms; elsewhere a plain line every {@value #PLAIN_MILLIS} ms.
 * {@link #finish} prints the closing line in either case. Thread-safe (the export's segments report from their own
 * threads).
 */
final class TransferProgress implements ProgressListener {
    static final long TERMINAL_MILLIS = 250;
    static final long PLAIN_MILLIS = 2000;
    private static final int WIDTH = 20;

    private final PrintWriter err;
    private final ScanProgress.Clock clock;
    private final boolean terminal;
    private final String verb;
    private final long start;
    private long next;
    private boolean shown;

    /**
     * @param verb what the closing line says was done, e.g. "exported"
     */
    TransferProgress(PrintWriter err, ScanProgress.Clock clock, boolean terminal, String verb) {
        this.err = err;
        this.clock = clock;
        this.terminal = terminal;
        this.verb = verb;
        this.start = clock.millis();
        this.next = start + (terminal ? TERMINAL_MILLIS : PLAIN_MILLIS);
    }

    @Override
    public synchronized void progress(long done, long expected) {
        long now = clock.millis();
        if (now < next) {
            return;
        }
        next = now + (terminal ? TERMINAL_MILLIS : PLAIN_MILLIS);
        String line = line(done, expected, now);
        if (terminal) {
            err.print("\r" + line + "   ");
        } else {
            err.println(line);
        }
        err.flush();
        shown = true;
    }

    /** Ends the in-place line and prints {@code <verb> N items in T s (R items/s)}. */
    synchronized void finish(long done) {
        long now = clock.millis();
        if (shown && terminal) {
            err.print("\r" + line(done, done, now) + "   ");
            err.println();
        }
        err.println(verb + " " + done + " items in " + String.format(Locale.ROOT, "%.1f", (now - start) / 1000.0)
                + " s (" + rate(done, now) + " items/s)");
        err.flush();
    }

    /** The bar line for {@code done} of {@code expected} (0: unknown) items at {@code now}. */
    String line(long done, long expected, long now) {
        StringBuilder s = new StringBuilder();
        if (expected > 0) {
            int percent = (int) Math.min(100, done * 100 / expected);
            int filled = percent * WIDTH / 100;
            s.append('[').append("#".repeat(filled)).append("-".repeat(WIDTH - filled)).append("] ")
                    .append(String.format(Locale.ROOT, "%3d%%", percent)).append("  ").append(done).append('/')
                    .append(expected);
        } else {
            s.append(done);
        }
        return s.append(" items  ").append(rate(done, now)).append(" items/s").toString();
    }

    private long rate(long done, long now) {
        long millis = Math.max(1, now - start);
        return done * 1000 / millis;
    }
}
