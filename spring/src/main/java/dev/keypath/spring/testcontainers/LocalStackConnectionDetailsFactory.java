package dev.keypath.spring.testcontainers;

import dev.keypath.spring.autoconfigure.KeyPathDynamoConnectionDetails;
import java.net.URI;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;
import org.testcontainers.localstack.LocalStackContainer;

/**
 * Makes {@link KeyPathDynamoConnectionDetails} of a {@code @ServiceConnection} {@link LocalStackContainer}: its
 * endpoint, region and credentials, read from the container once it has started. Registered in
 * {@code META-INF/spring.factories}; Spring Boot's service-connection support calls it.
 *
 * <pre>{@code
 * @Bean
 * @ServiceConnection
 * LocalStackContainer localStack() {
 *     return new LocalStackContainer(DockerImageName.parse("localstack/localstack:4.4")).withServices("dynamodb");
 * }
 * }</pre>
 */
class LocalStackConnectionDetailsFactory
        extends ContainerConnectionDetailsFactory<LocalStackContainer, KeyPathDynamoConnectionDetails> {
    LocalStackConnectionDetailsFactory() {
        super(ANY_CONNECTION_NAME, "dev.keypath.dynamodb.KeyPathTable");
    }

    @Override
    protected KeyPathDynamoConnectionDetails getContainerConnectionDetails(
            ContainerConnectionSource<LocalStackContainer> source) {
        return new LocalStackConnectionDetails(source);
    }

    /** The container's connection; each getter starts the container if it has not started yet. */
    static final class LocalStackConnectionDetails extends ContainerConnectionDetails<LocalStackContainer>
            implements KeyPathDynamoConnectionDetails {
        LocalStackConnectionDetails(ContainerConnectionSource<LocalStackContainer> source) {
            super(source);
        }

        @Override
        public URI getEndpoint() {
            return getContainer().getEndpoint();
        }

        @Override
        public String getRegion() {
            return getContainer().getRegion();
        }

        @Override
        public String getAccessKeyId() {
            return getContainer().getAccessKey();
        }

        @Override
        public String getSecretAccessKey() {
            return getContainer().getSecretKey();
        }
    }
}
