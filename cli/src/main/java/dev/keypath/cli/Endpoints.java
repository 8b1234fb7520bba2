package dev.keypath.cli;

import java.net.URI;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The check of an {@code --endpoint} option shared by the commands that talk to DynamoDB. */
final class Endpoints {
    private Endpoints() {
    }

    /** Refuses an endpoint that is not an http or https URL with a host, as a usage error. */
    static void check(CommandSpec spec, URI endpoint) {
        String scheme = endpoint.getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme) || endpoint.getHost() == null) {
            throw new ParameterException(spec.commandLine(),
                    "Invalid value for option '--endpoint': expected an http or https URL, got '" + endpoint + "'");
        }
    }
}
