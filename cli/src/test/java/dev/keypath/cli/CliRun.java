package dev.keypath.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine;

/** One in-process run of the tool with a given standard input and captured output. */
record CliRun(int exitCode, String out, String err) {

    /** A reaction to a comment on a user's post: the example key path of the StatelyDB key-path article. */
    static final String REACTION_PATH =
            "/user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234/comment-1678901234/react-42";
    /** Its whole key, 63 bytes: segments, terminator, 8 metadata varints (20 8201 20 19 38 29 28 11). */
    static final String REACTION_HEX = "75736572014c9d36e56b194e6a828c226ed667458a01706f7374010904d201"
            + "636f6d6d656e74010b6411fff201726561637401082a00208201201938292811";
    static final String REACTION_PK_HEX = "75736572014c9d36e56b194e6a828c226ed667458a00208201";
    static final String REACTION_SK_HEX =
            "706f7374010904d201636f6d6d656e74010b6411fff201726561637401082a00201938292811";

    static CliRun of(String... args) {
        return withStdin("", args);
    }

    static CliRun withStdin(String stdin, String... args) {
        return printingTo(new StringWriter(), stdin, args);
    }

    /** A run that prints to {@code out} as it goes, so another thread can watch what it printed so far. */
    static CliRun printingTo(StringWriter out, String stdin, String... args) {
        CommandLine cli = KeypathCli.commandLine(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new CliRun(exit, out.toString(), err.toString());
    }

    List<String> outLines() {
        return out.lines().toList();
    }
}
