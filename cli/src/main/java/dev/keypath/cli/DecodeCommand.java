package dev.keypath.cli;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keypath decode}: prints the canonical path of each binary key given as hex or base64, followed by
 * {@code [shard N]} when its partition key is a sharded one.
 */
@Command(name = "decode",
        mixinStandardHelpOptions = true,
        description = "Prints the canonical key path of each KEY (hex or base64), with [shard N] after it when its "
                + "partition key is sharded.",
        footer = {"", Help.BYTES_RULES, "", Help.INPUT_RULES + "%n"},
        exitCodeListHeading = Help.EXIT_HEADING,
        exitCodeList = {Help.EXIT_OK, Help.EXIT_FAILED, Help.EXIT_USAGE})
final class DecodeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--split", description = "Each KEY is 'PK SK': a partition key and a sort key separated by "
            + "spaces (one quoted argument, or one line of standard input).")
    boolean split;

    @Parameters(arity = "1..*", paramLabel = "KEY", description = "A whole key (or 'PK SK' with --split), or '-'.")
    List<String> keys;

    private final InputLoop inputs;

    DecodeCommand(InputLoop inputs) {
        this.inputs = inputs;
    }

    @Override
    public Integer call() {
        return inputs.run(keys, spec.commandLine().getOut(), "", this::decode);
    }

    private String decode(String input) {
        String[] parts = input.trim().split("\\s+");
        if (split) {
            if (parts.length != 2) {
                throw new IllegalArgumentException("expected 'PK SK' (two keys separated by a space), got "
                        + parts.length + " part" + (parts.length == 1 ? "" : "s"));
            }
            byte[] partitionKey = bytes("partition key", parts[0]);
            return withShard(ShardKeys.keyPath(partitionKey, bytes("sort key", parts[1])), partitionKey);
        }
        if (parts.length != 1) {
            throw new IllegalArgumentException("expected one key but found a space at position "
                    + input.trim().indexOf(' ') + "; use --split for 'PK SK'");
        }
        byte[] key = KeyBytes.parse(parts[0]);
        if (ShardKeys.isSharded(key)) {
            return withShard(ShardKeys.decode(key).partition(), key);
        }
        return KeyPath.decode(key).toString();
    }

    /** {@code path}, followed by {@code [shard N]} when {@code partitionKey} is a sharded one. */
    private static String withShard(KeyPath path, byte[] partitionKey) {
        OptionalInt shard = ShardKeys.isSharded(partitionKey) ? ShardKeys.decode(partitionKey).shard()
                : OptionalInt.empty();
        return shard.isPresent() ? path + " [shard " + shard.getAsInt() + "]" : path.toString();
    }

    private static byte[] bytes(String which, String text) {
        try {
            return KeyBytes.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(which + ": " + e.getMessage(), e);
        }
    }
}
