package dev.keypath.test.model;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A command sequence. It prints as the Java list that builds it, without the clock moves of nothing that shrinking
 * leaves behind, so a failing sequence can be pasted into {@link ItemModelRegressionTest} as it is.
 *
 * @param commands the commands, in order
 */
record Script(List<Command> commands) {
    Script {
        commands = List.copyOf(commands);
    }

    @Override
    public String toString() {
        return commands.stream().filter(c -> !c.isNoop()).map(c -> "        " + c)
                .collect(Collectors.joining(",\n", "List.of(\n", ")"));
    }
}
