package dev.keypath.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The top-level {@code keypath} command: it only dispatches, so running it bare is a usage error. */
@Command(name = "keypath",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        synopsisSubcommandLabel = "COMMAND",
        description = {
            "Encodes, decodes and explains key paths such as",
            "/user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234 and their binary DynamoDB keys,",
            "and works with key-path tables: create, scan, follow changes, export, import, migrate.",
            "",
            "Errors go to standard error as 'error: ...' lines, and standard output holds only results, except for "
            + "encode, decode and explain: they answer each input with exactly one line, in order, so a bad input's "
            + "'error: ...' line stands in its place on standard output.",
        },
        footer = {"", "Run 'keypath help COMMAND' for a command's options.%n"})
final class KeypathCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "Missing required subcommand");
    }
}
