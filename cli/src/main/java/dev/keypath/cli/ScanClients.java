package dev.keypath.cli;

import dev.keypath.dynamodb.LoopbackHost;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Builds the SDK client of {@code keypath scan}: endpoint, region and credentials as its help describes. */
interface ScanClients {
    /** A new client for {@code endpoint}; {@code region} may be null. The caller closes it. */
    DynamoDbClient create(URI endpoint, String region);

    /** The real client over the JDK's HTTP client. */
    ScanClients DEFAULT = (endpoint, region) -> DynamoDbClient.builder()
            .httpClient(UrlConnectionHttpClient.create())
            .endpointOverride(endpoint)
            .region(Region.of(region != null ? region : Defaults.region(System.getenv())))
            .credentialsProvider(Defaults.credentials(endpoint, System.getenv()))
            .build();

    /** The choices of region and credentials. */
    final class Defaults {
        static final String LOCAL_KEY = "local";
        static final String DEFAULT_REGION = "us-east-1";

        private Defaults() {}

        static String region(Map<String, String> env) {
            String r = env.get("AWS_REGION");
            if (r == null || r.isBlank()) {
                r = env.get("AWS_DEFAULT_REGION");
            }
            return r == null || r.isBlank() ? DEFAULT_REGION : r;
        }

        /**
         * The SDK's default chain, except for a loopback endpoint when no credentials are configured (no
         * environment variables, system properties or profile files): then the dummy {@code local/local}, so a
         * local engine needs no setup and the chain never waits for an instance metadata service.
         */
        static AwsCredentialsProvider credentials(URI endpoint, Map<String, String> env) {
            if (LoopbackHost.isLoopback(endpoint) && !configured(env)) {
                return StaticCredentialsProvider.create(AwsBasicCredentials.create(LOCAL_KEY, LOCAL_KEY));
            }
            return DefaultCredentialsProvider.builder().build();
        }

        static boolean configured(Map<String, String> env) {
            for (String name : new String[] {"AWS_ACCESS_KEY_ID", "AWS_PROFILE", "AWS_WEB_IDENTITY_TOKEN_FILE",
                "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_CONTAINER_CREDENTIALS_FULL_URI",
                "AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE"}) {
                if (env.get(name) != null) {
                    return true;
                }
            }
            if (System.getProperty("aws.accessKeyId") != null) {
                return true;
            }
            Path aws = Path.of(System.getProperty("user.home"), ".aws");
            return Files.exists(aws.resolve("credentials")) || Files.exists(aws.resolve("config"));
        }
    }
}
