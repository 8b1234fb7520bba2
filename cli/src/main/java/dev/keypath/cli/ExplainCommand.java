package dev.keypath.cli;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathExplainer;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code keypath explain}: prints the annotated byte layout of a path's key or of given key bytes. */
@Command(name = "explain",
        mixinStandardHelpOptions = true,
        description = {
            "Prints the byte layout of each INPUT: offsets, bytes, segments, integer sort bytes and metadata.",
            "An INPUT starting with '/' is a key path; anything else is key bytes (a whole key, a partition",
            "key or a sort key).",
        },
        footer = {"", Help.BYTES_RULES, "",
            "An argument '-' reads one input per line from standard input. Each input's layout takes several "
            + "lines; the layouts of consecutive inputs are separated by one empty line. A bad input gives the "
            + "single line 'error: MESSAGE' in place of its layout and the remaining inputs are still processed.%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {Help.EXIT_OK, Help.EXIT_FAILED, Help.EXIT_USAGE})
final class ExplainCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "A key path, key bytes, or '-'.")
    List<String> inputs;

    private final InputLoop loop;

    ExplainCommand(InputLoop loop) {
        this.loop = loop;
    }

    @Override
    public Integer call() {
        return loop.run(inputs, spec.commandLine().getOut(), System.lineSeparator(), ExplainCommand::explain);
    }

    private static String explain(String input) {
        return input.startsWith("/")
                ? KeyPathExplainer.explain(KeyPath.parse(input))
                : KeyPathExplainer.explain(KeyBytes.parse(input.trim()));
    }
}
