package dev.keypath.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Prints a Markdown summary of a JMH JSON result file: time/op, B/op (with {@code -prof gc}) and each
 * benchmark's time relative to its group's baseline method. Benchmarks of one class form a group, so new
 * families (a mapper comparison, say) need no change here.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar dev.keypath.benchmarks.Summary [--baseline METHOD] [--versus PARAM=VALUE] [--key-sizes] RESULT.json</pre>
 *
 * <p>{@code --baseline} names the method every group is compared to (default {@code keyPath});
 * {@code --key-sizes} appends the size of the reaction key ({@link ReactionKey}) in each format. JMH groups
 * (methods run side by side) get a second table of their per-iteration ratios ({@link PairedRatios}).
 * {@code --versus build=previous} adds a table of each result against the one that differs from it only in that
 * parameter's value ({@link ParamRatios}).
 */
public final class Summary {
    private Summary() {}

    /** Reads the file named by the last argument and prints the table; exits 2 on bad arguments. */
    public static void main(String[] args) throws IOException {
        String baseline = "keyPath";
        boolean keySizes = false;
        String versus = null;
        String file = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--baseline" -> baseline = i + 1 < args.length ? args[++i] : usage();
                case "--key-sizes" -> keySizes = true;
                case "--versus" -> versus = i + 1 < args.length && args[i + 1].contains("=") ? args[++i] : usage();
                default -> file = args[i].startsWith("--") || file != null ? usage() : args[i];
            }
        }
        if (file == null) {
            usage();
        }
        String json = Files.readString(Path.of(file), StandardCharsets.UTF_8);
        System.out.print(new SummaryTable(baseline).render(JmhResults.parse(json)));
        String paired = PairedRatios.render(PairedRatios.parse(json, baseline), baseline);
        if (!paired.isEmpty()) {
            System.out.println();
            System.out.print(paired);
        }
        if (versus != null) {
            String name = versus.substring(0, versus.indexOf('='));
            String value = versus.substring(versus.indexOf('=') + 1);
            System.out.println();
            System.out.print(ParamRatios.render(ParamRatios.parse(json, name, value), name, value));
        }
        if (keySizes) {
            System.out.println();
            System.out.print(KeySizes.table());
        }
    }

    private static String usage() {
        System.err.println("usage: Summary [--baseline METHOD] [--versus PARAM=VALUE] [--key-sizes] RESULT.json");
        System.exit(2);
        return null;
    }
}
