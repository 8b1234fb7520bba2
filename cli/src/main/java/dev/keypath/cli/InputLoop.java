package dev.keypath.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Applies one command to each input, where the argument {@code -} stands for every line of standard
 * input. Writes one result (or one {@code error: } line) per input and keeps going after a failure.
 */
final class InputLoop {
    static final String STDIN = "-";
    static final String ERROR_PREFIX = "error: ";

    private final StdinLines stdin;

    InputLoop(StdinLines stdin) {
        this.stdin = stdin;
    }

    /**
     * Runs {@code command} on every input and returns the exit status: 0 if all succeeded, else 1.
     * {@code between} is printed between two inputs' results (empty for one-line results).
     */
    int run(List<String> args, PrintWriter out, String between, UnaryOperator<String> command) {
        Printer printer = new Printer(out, between, command);
        for (String arg : args) {
            if (STDIN.equals(arg)) {
                for (String line = stdin.next(); line != null; line = stdin.next()) {
                    printer.handle(line);
                }
            } else {
                printer.handle(arg);
            }
        }
        out.flush();
        return printer.failed ? 1 : 0;
    }

    private static final class Printer {
        private final PrintWriter out;
        private final String between;
        private final UnaryOperator<String> command;
        private boolean first = true;
        private boolean failed;

        Printer(PrintWriter out, String between, UnaryOperator<String> command) {
            this.out = out;
            this.between = between;
            this.command = command;
        }

        void handle(String input) {
            String result;
            try {
                result = stripFinalNewline(command.apply(input));
            } catch (IllegalArgumentException e) { // includes KeyPathFormatException
                failed = true;
                result = ERROR_PREFIX + e.getMessage();
            }
            if (!first) {
                out.print(between);
            }
            first = false;
            out.println(result);
            out.flush();
        }

        private static String stripFinalNewline(String s) {
            return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
        }
    }
}
