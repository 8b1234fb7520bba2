package dev.keypath.test;

import java.net.URI;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * The only class that touches Testcontainers (an optional dependency): loaded only after {@link
 * RunningEngines#testcontainersPresent()} said it is there.
 */
final class LocalStackEngine {
    private LocalStackEngine() {
    }

    /** Testcontainers' own check; may block while it looks for an engine (see {@link DockerProbe}). */
    static boolean dockerAvailable() {
        return DockerClientFactory.instance().isDockerAvailable();
    }

    /** Starts LocalStack with DynamoDB only; blocks while the image is pulled and the container starts. */
    static TestDynamoDb start(String image) {
        LocalStackContainer container = new LocalStackContainer(DockerImageName.parse(image)).withServices("dynamodb");
        container.start();
        URI endpoint = container.getEndpoint();
        return new TestDynamoDb(EngineKind.LOCALSTACK, endpoint, Region.of(container.getRegion()),
                StaticCredentialsProvider.create(AwsBasicCredentials.create(container.getAccessKey(),
                        container.getSecretKey())), container::stop);
    }
}
