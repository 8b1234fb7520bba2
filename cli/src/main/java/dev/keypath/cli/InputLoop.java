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
                while (true) {
                    String line;
                    try {
                        line = stdin.next();
                    } catch (IllegalArgumentException badLine) { // not UTF-8: one error line, then go on
                        printer.fail(badLine);
                        continue;
                    }
                    if (line == null) {
                        break;
                    }
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
                fail(e);
                return;
            }
            print(result);
        }

        /** One error line; the message may echo the input, so line breaks and controls in it are escaped. */
        void fail(IllegalArgumentException e) {
            failed = true;
            print(ERROR_PREFIX + escape(e.getMessage()));
        }

        private void print(String result) {
            if (!first) {
                out.print(between);
            }
            first = false;
            out.println(result);
            out.flush();
        }

        /** {@code s} on one line: line breaks, tabs and other control characters escaped as in a Java string literal. */
        static String escape(String s) {
            StringBuilder out = null;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                boolean control = c < 0x20 || c == 0x7F || c == 0x85 || c == 0x2028 || c == 0x2029;
                if (control && out == null) {
                    out = new StringBuilder(s.length() + 8).append(s, 0, i);
                }
                if (out != null) {
                    if (!control) {
                        out.append(c);
                    } else if (c == '\n') {
                        out.append("\\n");
                    } else if (c == '\r') {
                        out.append("\\r");
                    } else if (c == '\t') {
                        out.append("\\t");
                    } else {
                        out.append(String.format("\\u%04X", (int) c));
                    }
                }
            }
            return out == null ? s : out.toString();
        }

        private static String stripFinalNewline(String s) {
            return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
        }
    }
}
