package dev.keypath.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Prints a Markdown summary of a JMH JSON result file: time/op, B/op (with {@code -prof gc}) and each
 * benchmark's time relative to its group's baseline method. Benchmarks of one class form a group, so new
 * families (a mapper comparison, say) need no change here.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar dev.keypath.benchmarks.Summary [--baseline METHOD] [--key-sizes] RESULT.json</pre>
 *
 * <p>{@code --baseline} names the method every group is compared to (default {@code keyPath});
 * {@code --key-sizes} appends the size of the seed key in each format.
 */
public final class Summary {
    private Summary() {}

    /** Reads the file named by the last argument and prints the table; exits 2 on bad arguments. */
    public static void main(String[] args) throws IOException {
        String baseline = "keyPath";
        boolean keySizes = false;
        String file = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--baseline" -> baseline = i + 1 < args.length ? args[++i] : usage();
                case "--key-sizes" -> keySizes = true;
                default -> file = args[i].startsWith("--") || file != null ? usage() : args[i];
            }
        }
        if (file == null) {
            usage();
        }
        List<ResultRow> rows = JmhResults.read(Path.of(file));
        System.out.print(new SummaryTable(baseline).render(rows));
        if (keySizes) {
            System.out.println();
            System.out.print(KeySizes.table());
        }
    }

    private static String usage() {
        System.err.println("usage: Summary [--baseline METHOD] [--key-sizes] RESULT.json");
        System.exit(2);
        return null;
    }
}
