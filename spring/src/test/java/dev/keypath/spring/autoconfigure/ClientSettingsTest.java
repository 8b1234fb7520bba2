package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.sample.User;
import dev.keypath.test.TestDynamoDb;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The client keypath builds from its properties: a loopback endpoint needs neither region nor credentials, and
 * whatever cannot be resolved fails startup naming the property to set. The SDK's own sources of region and
 * credentials are switched off for these tests (no profile files, no instance metadata).
 */
class ClientSettingsTest {
    private static final String[] SDK_SOURCES = {"aws.configFile", "aws.sharedCredentialsFile",
        "aws.disableEc2Metadata", "aws.region", "aws.accessKeyId", "aws.secretAccessKey"};
    private final String[] saved = new String[SDK_SOURCES.length];

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(KeyPathDynamoAutoConfiguration.class))
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false");

    @BeforeEach
    void noSdkSources() {
        for (int i = 0; i < SDK_SOURCES.length; i++) {
            saved[i] = System.getProperty(SDK_SOURCES[i]);
            System.clearProperty(SDK_SOURCES[i]);
        }
        System.setProperty("aws.configFile", "/nonexistent/keypath-test-config");
        System.setProperty("aws.sharedCredentialsFile", "/nonexistent/keypath-test-credentials");
        System.setProperty("aws.disableEc2Metadata", "true");
    }

    @AfterEach
    void restore() {
        for (int i = 0; i < SDK_SOURCES.length; i++) {
            if (saved[i] == null) {
                System.clearProperty(SDK_SOURCES[i]);
            } else {
                System.setProperty(SDK_SOURCES[i], saved[i]);
            }
        }
    }

    @Test
    void aLoopbackEndpointNeedsNoRegionNorCredentials() {
        runner.withPropertyValues("keypath.dynamodb.endpoint=" + TestDynamoDb.get().endpoint(),
                "keypath.dynamodb.create-table-if-missing=true",
                "keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("loopback")).run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    KeyPathDynamoOperations ops = ctx.getBean(KeyPathDynamoOperations.class);
                    UUID id = UUID.randomUUID();
                    ops.save(User.of(id, "local"));
                    assertThat(ops.findById(User.class, KeyPath.of("user", id))).isPresent();
                });
    }

    @Test
    void aMissingRegionNamesTheProperty() {
        runner.withPropertyValues("keypath.dynamodb.endpoint=http://dynamodb.example.invalid:8000",
                "keypath.dynamodb.access-key-id=a", "keypath.dynamodb.secret-access-key=b")
                .run(ctx -> assertThat(ctx).hasFailed().getFailure()
                        .hasStackTraceContaining("keypath.dynamodb.region"));
    }

    @Test
    void missingCredentialsNameTheProperties() {
        runner.withPropertyValues("keypath.dynamodb.endpoint=http://dynamodb.example.invalid:8000",
                "keypath.dynamodb.region=eu-west-1")
                .run(ctx -> assertThat(ctx).hasFailed().getFailure()
                        .hasStackTraceContaining("keypath.dynamodb.access-key-id")
                        .hasStackTraceContaining("keypath.dynamodb.secret-access-key"));
    }

    @Test
    void halfAKeyPairNamesTheOtherHalf() {
        runner.withPropertyValues("keypath.dynamodb.endpoint=" + TestDynamoDb.get().endpoint(),
                "keypath.dynamodb.access-key-id=only-the-id")
                .run(ctx -> assertThat(ctx).hasFailed().getFailure()
                        .hasStackTraceContaining("keypath.dynamodb.secret-access-key"));
    }
}
