package dev.keypath.test;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The endpoint of an engine that was already running when the run started, and where it was given: the system
 * property {@value TestDynamoDb#ENDPOINT_PROPERTY} first, else the AWS SDK's environment variable
 * {@value #SDK_VARIABLE}.
 *
 * @param uri    an {@code http} or {@code https} URI with a host
 * @param origin where it was given, for messages ({@code -Dkeypath.dynamodb.endpoint=…})
 */
record ExternalEndpoint(URI uri, String origin) {
    /** The AWS SDK's own environment variable for DynamoDB's endpoint. */
    static final String SDK_VARIABLE = "AWS_ENDPOINT_URL_DYNAMODB";

    /** The endpoint this JVM's system properties or environment give, if any. */
    static Optional<ExternalEndpoint> configured() {
        return configured(System::getProperty, System.getenv());
    }

    /**
     * The endpoint {@code properties} or {@code environment} give, if any.
     *
     * @throws IllegalArgumentException when the value given is not an http(s) URI with a host, naming where it was
     *     given
     */
    static Optional<ExternalEndpoint> configured(UnaryOperator<String> properties, Map<String, String> environment) {
        String property = properties.apply(TestDynamoDb.ENDPOINT_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Optional.of(parse(property.trim(), "-D" + TestDynamoDb.ENDPOINT_PROPERTY + "=" + property.trim()));
        }
        String variable = environment.get(SDK_VARIABLE);
        if (variable != null && !variable.isBlank()) {
            return Optional.of(parse(variable.trim(), SDK_VARIABLE + "=" + variable.trim()));
        }
        return Optional.empty();
    }

    private static ExternalEndpoint parse(String value, String origin) {
        try {
            URI uri = new URI(value);
            String scheme = uri.getScheme();
            if (uri.getHost() == null || scheme == null
                    || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
                throw new IllegalArgumentException(origin + " is not an endpoint: give an http or https URI with a "
                        + "host, e.g. http://127.0.0.1:4566");
            }
            return new ExternalEndpoint(uri, origin);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(origin + " is not a URI (" + e.getMessage() + "): give an http or "
                    + "https URI with a host, e.g. http://127.0.0.1:4566", e);
        }
    }
}
