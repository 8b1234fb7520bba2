package dev.keypath.cli;

/** Usage-help text shared by the commands that take inputs. */
final class Help {
    private Help() {}

    static final String INPUT_RULES = "An argument '-' reads one input per line from standard input. "
            + "Each input gives exactly one output line, in order; a bad input gives a line "
            + "'error: MESSAGE' (the message names the position; line breaks and control characters it echoes "
            + "are escaped) and the remaining inputs are still processed. Arguments and standard input are read "
            + "as UTF-8 and output is UTF-8, whatever the locale; an argument the JVM could not decode under a "
            + "non-UTF-8 locale is refused (exit status 2).";

    static final String BYTES_RULES = "Bytes are hex (either case). Base64 (standard or URL-safe, padding "
            + "optional) needs the prefix b64:, as in b64:dXNlcgEIBwAgEQ== ; the tool never guesses, and an error "
            + "says which reading failed.";

    static final String EXIT_HEADING = "%nExit status:%n";
    static final String EXIT_OK = "0:every input succeeded";
    static final String EXIT_FAILED = "1:at least one input failed (see its 'error: ' line)";
    static final String EXIT_USAGE = "2:usage error (unknown option, missing input)";
}
