package dev.keypath.cli;

import java.net.URI;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code --endpoint} and {@code --region} options of every command that talks to DynamoDB, mixed into each
 * ({@code @Mixin}), and the check of the endpoint. Credentials are {@link ScanClients.Defaults}'s choice.
 */
final class ServiceEndpoint {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--endpoint", required = true, paramLabel = "URL",
            description = "The DynamoDB endpoint, e.g. http://localhost:8000 or https://dynamodb.eu-west-1.amazonaws.com.")
    URI endpoint;

    @Option(names = "--region", paramLabel = "R",
            description = "The signing region (default: AWS_REGION, else AWS_DEFAULT_REGION, else us-east-1).")
    String region;

    /** The endpoint; a usage error if it is not an http or https URL with a host. */
    URI checked() {
        String scheme = endpoint.getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme) || endpoint.getHost() == null) {
            throw new ParameterException(command.commandLine(),
                    "Invalid value for option '--endpoint': expected an http or https URL, got '" + endpoint + "'");
        }
        return endpoint;
    }

    /** The endpoint as given (see {@link #checked()}). */
    URI uri() {
        return endpoint;
    }

    /** The signing region given, or null for the default. */
    String region() {
        return region;
    }

    @Override
    public String toString() {
        return endpoint.toString();
    }
}
