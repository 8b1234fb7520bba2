package dev.keypath.test;

import dev.keypath.dynamodb.LoopbackHost;
import java.util.concurrent.atomic.AtomicReference;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.auth.credentials.SystemPropertyCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;

/**
 * Connects to an engine that was already running at an {@link ExternalEndpoint}: the region and credentials come
 * from the AWS SDK's usual providers (system properties, environment, profile files, and for a remote endpoint
 * container and instance roles too); a loopback endpoint without them gets {@code us-east-1} and dummy
 * credentials, which LocalStack and DynamoDB Local accept. The engine must answer a {@code ListTables} before a test
 * runs on it, and the tables earlier runs left there are deleted ({@link LeftoverTables}); when this run ends, so
 * are all the tables it named, those a test created by hand under {@link TestDynamoDb#uniqueTableName} included.
 */
final class ExternalEngine {
    private static final Region LOOPBACK_REGION = Region.US_EAST_1;

    private ExternalEngine() {
    }

    static TestDynamoDb connect(ExternalEndpoint endpoint, TableNames names) {
        boolean loopback = LoopbackHost.isLoopback(endpoint.uri());
        AtomicReference<TestDynamoDb> connected = new AtomicReference<>();
        TestDynamoDb engine = new TestDynamoDb(EngineKind.EXTERNAL, endpoint.uri(), region(endpoint, loopback),
                credentials(endpoint, loopback),
                () -> LeftoverTables.deleteThisRuns(connected.get(), names));
        connected.set(engine);
        try {
            engine.client().listTables(r -> r.limit(1));
        } catch (SdkException e) {
            engine.stop();
            throw new EngineUnavailableException("The engine at " + endpoint.uri() + " (" + endpoint.origin()
                    + ") does not answer ListTables: " + e.getMessage() + "; start it, or run without the endpoint "
                    + "for DynamoDB Local in the JVM", e);
        }
        LeftoverTables.delete(engine.client(), names, LeftoverTables.staleAfter());
        return engine;
    }

    private static Region region(ExternalEndpoint endpoint, boolean loopback) {
        try {
            return DefaultAwsRegionProviderChain.builder().build().getRegion();
        } catch (SdkException e) {
            if (loopback) {
                return LOOPBACK_REGION;
            }
            throw new EngineUnavailableException("No AWS region for the engine at " + endpoint.uri() + " ("
                    + endpoint.origin() + "): set AWS_REGION or -Daws.region=…, or a region in the AWS config file", e);
        }
    }

    private static AwsCredentialsProvider credentials(ExternalEndpoint endpoint, boolean loopback) {
        if (loopback) {
            // only the providers that read settings, so that a machine without any never waits for an instance
            // metadata service; then the dummy credentials a local engine takes
            return AwsCredentialsProviderChain.builder().reuseLastProviderEnabled(true).credentialsProviders(
                    SystemPropertyCredentialsProvider.create(), EnvironmentVariableCredentialsProvider.create(),
                    ProfileCredentialsProvider.create(),
                    StaticCredentialsProvider.create(AwsBasicCredentials.create("keypathtest", "keypathtest")))
                    .build();
        }
        DefaultCredentialsProvider chain = DefaultCredentialsProvider.builder().build();
        try {
            chain.resolveCredentials();
            return chain;
        } catch (SdkException e) {
            throw new EngineUnavailableException("No AWS credentials for the engine at " + endpoint.uri() + " ("
                    + endpoint.origin() + "): provide them as the AWS SDK looks for them (AWS_ACCESS_KEY_ID and "
                    + "AWS_SECRET_ACCESS_KEY, AWS_PROFILE, ~/.aws/credentials, a container or instance role)", e);
        }
    }
}
