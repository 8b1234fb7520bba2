package dev.keypath.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * What one task's write did: rows written and refused (with the first refusals), and the write units consumed. The
 * commit message of a Dataset write's task. Immutable and serializable.
 */
record WriteResult(long written, long refused, List<String> examples, double writeUnits)
        implements WriterCommitMessage {
    private static final long serialVersionUID = 1L;
    static final int EXAMPLES = 10;

    WriteResult {
        examples = List.copyOf(examples);
    }

    /** The report of every task's result. */
    static WriteReport report(Iterable<? extends WriterCommitMessage> results) {
        long written = 0;
        long refused = 0;
        double units = 0;
        List<String> examples = new ArrayList<>();
        for (WriterCommitMessage m : results) {
            if (m instanceof WriteResult r) {
                written += r.written;
                refused += r.refused;
                units += r.writeUnits;
                for (String e : r.examples) {
                    if (examples.size() < EXAMPLES) {
                        examples.add(e);
                    }
                }
            }
        }
        return new WriteReport(written, refused, examples, units);
    }
}
