package dev.keypath.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

import java.io.InputStream;
import picocli.CommandLine;

/**
 * Entry point of the {@code keypath} debug tool ({@code java -jar keypath.jar}): turns key paths into
 * the bytes DynamoDB stores ({@code encode}), bytes back into paths ({@code decode}) and shows a key's
 * byte layout ({@code explain}), and lists the items of a key-path table ({@code scan}). Every command renders
 * through the core's single formatter; this module only parses arguments and moves lines.
 *
 * <p>New subcommands are registered in {@link #commandLine(InputStream)}.
 */
public final class KeypathCli {
    private KeypathCli() {}

    /**
     * Runs the tool on the process's standard streams and exits with its status. Output is UTF-8 whatever the
     * locale. An argument the JVM could not decode (a non-UTF-8 locale such as {@code LC_ALL=C} turns other
     * characters into U+FFFD before the tool sees them) is refused with exit status 2 instead of being used.
     */
    public static void main(String[] args) {
        CommandLine cli = commandLine(System.in);
        cli.setOut(new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
                StandardCharsets.UTF_8), true));
        cli.setErr(new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err),
                StandardCharsets.UTF_8), true));
        String lost = LossyArguments.problem(args, System.getProperty("sun.jnu.encoding"));
        if (lost != null) {
            cli.getErr().println("error: " + lost);
            System.exit(2);
        }
        System.exit(cli.execute(args));
    }

    /**
     * The command tree reading {@code -} inputs from {@code stdin}. Output goes to the command line's
     * {@code getOut()}/{@code getErr()}, so set those after this call to capture them.
     */
    static CommandLine commandLine(InputStream stdin) {
        InputLoop inputs = new InputLoop(new StdinLines(stdin));
        CommandLine cli = new CommandLine(new KeypathCommand());
        cli.addSubcommand(new EncodeCommand(inputs));
        cli.addSubcommand(new DecodeCommand(inputs));
        cli.addSubcommand(new ExplainCommand(inputs));
        cli.addSubcommand(new CreateTableCommand(ScanClients.DEFAULT));
        cli.addSubcommand(new ScanCommand(ScanClients.DEFAULT, ScanProgress.Clock.SYSTEM));
        cli.addSubcommand(new ChangesCommand(StreamsClients.DEFAULT));
        cli.addSubcommand(new ExportCommand(ScanClients.DEFAULT, ScanProgress.Clock.SYSTEM));
        cli.addSubcommand(new ImportCommand(ScanClients.DEFAULT, ScanProgress.Clock.SYSTEM));
        cli.addSubcommand(new MigrateCommand());
        cli.addSubcommand(new CommandLine.HelpCommand());
        return cli;
    }
}
