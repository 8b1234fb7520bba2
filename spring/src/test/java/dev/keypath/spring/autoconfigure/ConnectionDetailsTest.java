package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.sample.User;
import dev.keypath.test.TestDynamoDb;
import java.net.URI;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A {@link KeyPathDynamoConnectionDetails} bean decides where keypath's client connects, over the
 * {@code keypath.dynamodb.*} connection properties and over the embedded engine.
 */
class ConnectionDetailsTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(KeyPathDynamoAutoConfiguration.class))
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false", "keypath.dynamodb.create-table-if-missing=true");

    /** Details of the shared test engine, with a region and a key pair of their own. */
    record EngineDetails(URI endpoint, String region, String id, String secret)
            implements KeyPathDynamoConnectionDetails {
        static EngineDetails sharedEngine() {
            return new EngineDetails(TestDynamoDb.get().endpoint(), "eu-west-1", "detailsid", "detailssecret");
        }

        @Override
        public URI getEndpoint() {
            return endpoint;
        }

        @Override
        public String getRegion() {
            return region;
        }

        @Override
        public String getAccessKeyId() {
            return id;
        }

        @Override
        public String getSecretAccessKey() {
            return secret;
        }
    }

    @Test
    void theDetailsBeanWinsOverTheConnectionProperties() {
        runner.withBean(KeyPathDynamoConnectionDetails.class, EngineDetails::sharedEngine)
                .withPropertyValues("keypath.dynamodb.endpoint=http://dynamodb.example.invalid:8000",
                        "keypath.dynamodb.region=ap-south-1",
                        "keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("details"))
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    DynamoDbClient client = ctx.getBean(DynamoDbClient.class);
                    assertThat(client.serviceClientConfiguration().endpointOverride())
                            .contains(TestDynamoDb.get().endpoint());
                    assertThat(client.serviceClientConfiguration().region().id()).isEqualTo("eu-west-1");
                    AwsCredentialsIdentity credentials = client.serviceClientConfiguration().credentialsProvider()
                            .resolveIdentity().join();
                    assertThat(credentials.accessKeyId()).isEqualTo("detailsid");
                    assertThat(credentials.secretAccessKey()).isEqualTo("detailssecret");
                    KeyPathDynamoOperations ops = ctx.getBean(KeyPathDynamoOperations.class);
                    UUID id = UUID.randomUUID();
                    ops.save(User.of(id, "via details"));
                    assertThat(ops.findById(User.class, KeyPath.of("user", id))).isPresent();
                });
    }

    @Test
    void theDetailsBeanWinsOverTheEmbeddedEngine() {
        runner.withBean(KeyPathDynamoConnectionDetails.class, EngineDetails::sharedEngine)
                .withPropertyValues("keypath.dynamodb.embedded=true",
                        "keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("details-embedded"))
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed().doesNotHaveBean(EmbeddedDynamoDb.class);
                    assertThat(ctx.getBean(DynamoDbClient.class).serviceClientConfiguration().endpointOverride())
                            .contains(TestDynamoDb.get().endpoint());
                });
    }

    @Test
    void aBadKeyPairInTheDetailsNamesTheDetailsGetters() {
        runner.withBean(KeyPathDynamoConnectionDetails.class,
                () -> new EngineDetails(TestDynamoDb.get().endpoint(), null, "onlytheid", null))
                .run(ctx -> assertThat(ctx).hasFailed().getFailure()
                        .hasStackTraceContaining(EngineDetails.class.getName() + ".getAccessKeyId() is set but "
                                + EngineDetails.class.getName() + ".getSecretAccessKey() is not"));
    }

    @Test
    void withoutADetailsBean_thePropertiesStillNameThemselves() {
        runner.withPropertyValues("keypath.dynamodb.endpoint=" + TestDynamoDb.get().endpoint(),
                "keypath.dynamodb.secret-access-key=only-the-secret")
                .run(ctx -> assertThat(ctx).hasFailed().getFailure().hasStackTraceContaining(
                        "keypath.dynamodb.secret-access-key is set but keypath.dynamodb.access-key-id is not"));
    }
}
