package dev.keypath.cli;

import java.io.PrintWriter;

/**
 * The progress line of a long scan on standard error: nothing during the first {@value #INTERVAL_MILLIS} ms,
 * then {@code scanned N items...} every {@value #INTERVAL_MILLIS} ms. On a terminal the line is rewritten in
 * place with {@code \r} and ended at the finish; elsewhere each report is a plain line. Not thread-safe.
 */
final class ScanProgress {
    static final long INTERVAL_MILLIS = 2000;

    /** Milliseconds from an arbitrary origin (tests supply their own). */
    interface Clock {
        long millis();

        Clock SYSTEM = () -> System.nanoTime() / 1_000_000;
    }

    private final PrintWriter err;
    private final Clock clock;
    private final boolean terminal;
    private long count;
    private long next;
    private boolean shown;

    ScanProgress(PrintWriter err, Clock clock, boolean terminal) {
        this.err = err;
        this.clock = clock;
        this.terminal = terminal;
        this.next = clock.millis() + INTERVAL_MILLIS;
    }

    /** Counts one item and reports when the interval has passed. */
    void item() {
        count++;
        long now = clock.millis();
        if (now >= next) {
            next = now + INTERVAL_MILLIS;
            report();
        }
    }

    private void report() {
        String line = "scanned " + count + " items...";
        if (terminal) {
            err.print("\r" + line);
        } else {
            err.println(line);
        }
        err.flush();
        shown = true;
    }

    /** Blanks an in-place progress line, so that an error line printed next starts on a clean line. */
    void clearLine() {
        if (shown && terminal) {
            String line = "scanned " + count + " items...";
            err.print("\r" + " ".repeat(line.length()) + "\r");
            err.flush();
        }
    }

    /** Ends an in-place line with the final count; prints nothing for a short scan. */
    void finish() {
        if (shown && terminal) {
            err.println("\rscanned " + count + " items.   ");
            err.flush();
        }
    }
}
