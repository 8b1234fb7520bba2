package dev.keypath.cli;

import dev.keypath.KeyPath;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code keypath encode}: prints the binary key of each path as hex or base64. */
@Command(name = "encode",
        mixinStandardHelpOptions = true,
        description = "Prints the binary key of each PATH in lower-case hex (or base64).",
        footer = {"", Help.INPUT_RULES + "%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {Help.EXIT_OK, Help.EXIT_FAILED, Help.EXIT_USAGE})
final class EncodeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--split", description = "Print the DynamoDB partition key and sort key, separated by one space.")
    boolean split;

    @Option(names = "--base64", description = "Print standard base64 (with padding) instead of hex.")
    boolean base64;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "A key path such as /user-7/post-1234, or '-'.")
    List<String> paths;

    private final InputLoop inputs;

    EncodeCommand(InputLoop inputs) {
        this.inputs = inputs;
    }

    @Override
    public Integer call() {
        return inputs.run(paths, spec.commandLine().getOut(), "", this::encode);
    }

    private String encode(String text) {
        if (!split) {
            return render(KeyPath.encodeText(text));
        }
        KeyPath path = KeyPath.parse(text);
        return render(path.partitionKey()) + " " + render(path.sortKey());
    }

    private String render(byte[] key) {
        return base64 ? KeyBytes.base64(key) : KeyBytes.hex(key);
    }
}
