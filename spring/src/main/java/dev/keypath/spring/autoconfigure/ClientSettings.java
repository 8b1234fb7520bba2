package dev.keypath.spring.autoconfigure;

import dev.keypath.dynamodb.LoopbackHost;
import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The region, credentials and endpoint of the client keypath builds from its connection details (the
 * {@code keypath.dynamodb.*} properties, or a {@link KeyPathDynamoConnectionDetails} bean), resolved at startup so
 * that what is missing fails there, naming the setting, instead of at the first request with the SDK's
 * description of every place it looked. A loopback endpoint (DynamoDB Local, LocalStack on this machine) needs
 * neither: it gets {@code us-east-1} and dummy credentials.
 */
final class ClientSettings {
    private static final String P = KeyPathDynamoProperties.PREFIX;
    private static final Region LOCAL_REGION = Region.US_EAST_1;

    /** How the settings are named in messages: properties, or the getters of a connection-details bean. */
    private record Names(String region, String accessKeyId, String secretAccessKey) {
        static Names of(KeyPathDynamoConnectionDetails details) {
            if (details instanceof PropertiesConnectionDetails) {
                return new Names(P + ".region", P + ".access-key-id", P + ".secret-access-key");
            }
            String bean = details.getClass().getName();
            return new Names(bean + ".getRegion()", bean + ".getAccessKeyId()", bean + ".getSecretAccessKey()");
        }
    }

    private ClientSettings() {
    }

    static DynamoDbClient client(KeyPathDynamoConnectionDetails details,
            Iterable<KeyPathDynamoDbClientCustomizer> customizers) {
        URI endpoint = details.getEndpoint();
        boolean loopback = LoopbackHost.isLoopback(endpoint);
        Names names = Names.of(details);
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .region(region(details, names, loopback))
                .credentialsProvider(credentials(details, names, loopback));
        if (endpoint != null) {
            builder.endpointOverride(endpoint);
        }
        customizers.forEach(c -> c.customize(builder));
        return builder.build();
    }

    private static Region region(KeyPathDynamoConnectionDetails details, Names names, boolean loopback) {
        String region = details.getRegion();
        if (region != null && !region.isBlank()) {
            return Region.of(region);
        }
        if (loopback) {
            return LOCAL_REGION;
        }
        try {
            return DefaultAwsRegionProviderChain.builder().build().getRegion();
        } catch (SdkClientException e) {
            throw new KeyPathConfigurationException("No AWS region for keypath's DynamoDB client", "Set "
                    + names.region() + " (or AWS_REGION, or a region in the AWS config file)", e);
        }
    }

    private static AwsCredentialsProvider credentials(KeyPathDynamoConnectionDetails details, Names names,
            boolean loopback) {
        String id = details.getAccessKeyId();
        String secret = details.getSecretAccessKey();
        boolean hasId = id != null && !id.isBlank();
        boolean hasSecret = secret != null && !secret.isBlank();
        if (hasId != hasSecret) {
            throw new KeyPathConfigurationException(hasId ? names.accessKeyId() + " is set but "
                    + names.secretAccessKey() + " is not" : names.secretAccessKey() + " is set but "
                    + names.accessKeyId() + " is not", "Set both, or neither");
        }
        if (hasId) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(id, secret));
        }
        if (loopback) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create("keypathlocal", "keypathlocal"));
        }
        DefaultCredentialsProvider chain = DefaultCredentialsProvider.builder().build();
        try {
            chain.resolveCredentials();
        } catch (SdkClientException e) {
            throw new KeyPathConfigurationException("No AWS credentials for keypath's DynamoDB client", "Set "
                    + names.accessKeyId() + " and " + names.secretAccessKey() + ", or provide them as the AWS SDK "
                    + "looks for them "
                    + "(AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, ~/.aws/credentials, a container or instance role)",
                    e);
        }
        return chain;
    }
}
