package dev.keypath.cli;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathExplainer;
import dev.keypath.ShardKeys;
import dev.keypath.ShardedPartition;
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
            "key, sharded or not, or a sort key). A sharded partition key shows its shard and where it is.",
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
        if (input.startsWith("/")) {
            return KeyPathExplainer.explain(KeyPath.parse(input));
        }
        byte[] key = KeyBytes.parse(input.trim());
        return ShardKeys.isSharded(key) ? explainSharded(key) : KeyPathExplainer.explain(key);
    }

    /**
     * A sharded partition key: its element and shard, where the shard's bytes and metadata are, then the layout of
     * the unsharded partition key it was made from.
     */
    private static String explainSharded(byte[] key) {
        ShardedPartition sharded = ShardKeys.decode(key);
        int shard = sharded.shard().getAsInt();
        int terminator = key.length - 1;
        while (key[terminator] != 0) {
            terminator--;
        }
        int shardAt = terminator - 2;
        return sharded.partition() + " [shard " + shard + "]\n"
                + key.length + " bytes: a sharded partition key (FORMAT.md, section 14)\n"
                + "shard " + shard + ": bytes " + shardAt + "-" + (shardAt + 1) + " = "
                + String.format("%02x %02x", key[shardAt], key[shardAt + 1]) + ", after the separator 01 at "
                + (shardAt - 1) + "\n"
                + "shard metadata 13 at " + (key.length - 1) + " (type 3, 2 bytes)\n"
                + "unsharded partition key:\n" + KeyPathExplainer.explain(sharded.partition().partitionKey());
    }
}
