package dev.keypath.spark;

import java.util.List;

/**
 * A write refused some rows (a bad or mismatched key path, an item over 400 KB, a key over DynamoDB's sizes, a
 * value that does not fit its field, an unset generated id) and had no refusals directory to list them in: the other
 * rows were written. The message names how many and the first ones. Immutable.
 */
public final class RowsRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient WriteReport report;

    RowsRefusedException(WriteReport report) {
        super(report.refused() + " rows were refused and not written (the other " + report.written()
                + " were written); give the write a refusals directory to list them all: "
                + String.join("; ", report.examples()));
        this.report = report;
    }

    /** What the write did. */
    public WriteReport report() {
        return report;
    }

    /** The first refused rows, {@code key path: reason}. */
    public List<String> examples() {
        return report.examples();
    }
}
