package dev.keypath.spring.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import dev.keypath.spring.autoconfigure.KeyPathDynamoAutoConfiguration;
import dev.keypath.spring.autoconfigure.KeyPathDynamoConnectionDetails;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.springframework.boot.LazyInitializationBeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactory;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.boot.testcontainers.service.connection.ServiceConnectionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.FailureHandler;
import org.testcontainers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code @ServiceConnection} on a LocalStack container, checked as far as this machine allows: the factory is
 * registered, Spring Boot turns the container into a {@link KeyPathDynamoConnectionDetails} bean that keypath's
 * client is built from, and the embedded engine stands aside. The container itself never runs here (no Docker
 * engine): where none answers, asking for the client must fail at the container (Testcontainers looks for Docker
 * when the container is made), naming Docker, within seconds.
 */
class LocalStackServiceConnectionTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withInitializer(c -> c.addBeanFactoryPostProcessor(new LazyInitializationBeanFactoryPostProcessor()))
            .withConfiguration(AutoConfigurations.of(ServiceConnectionAutoConfiguration.class,
                    KeyPathDynamoAutoConfiguration.class))
            .withUserConfiguration(LocalStack.class)
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false", "keypath.dynamodb.embedded=true");

    @Configuration(proxyBeanMethods = false)
    static class LocalStack {
        @Bean
        @ServiceConnection
        LocalStackContainer localStack() {
            return new LocalStackContainer(DockerImageName.parse("localstack/localstack:4.4")).withServices("dynamodb");
        }
    }

    @Test
    void theFactoryIsRegisteredForSpringBootsServiceConnections() {
        @SuppressWarnings("rawtypes")
        List<ConnectionDetailsFactory> factories = SpringFactoriesLoader.forDefaultResourceLocation()
                .load(ConnectionDetailsFactory.class, FailureHandler.logging(LogFactory.getLog(getClass())));
        assertThat(factories).hasAtLeastOneElementOfType(LocalStackConnectionDetailsFactory.class);
    }

    @Test
    void aServiceConnectionContainerBecomesKeypathsConnectionDetails_andTheEmbeddedEngineStandsAside() {
        runner.run(ctx -> {
            assertThat(ctx).hasNotFailed();
            String[] details = ctx.getBeanFactory().getBeanNamesForType(KeyPathDynamoConnectionDetails.class, true,
                    false);
            assertThat(details).hasSize(1);
            assertThat(ctx.getBeanFactory().getType(details[0]))
                    .isEqualTo(LocalStackConnectionDetailsFactory.LocalStackConnectionDetails.class);
            assertThat(ctx.getBeanFactory().getBeanNamesForType(EmbeddedDynamoDb.class, true, false)).isEmpty();
        });
    }

    @Test
    void withoutDocker_theClientFailsAtTheContainersStart_withinSeconds() {
        assumeFalse(System.getenv("DOCKER_HOST") != null || Files.exists(Path.of("/var/run/docker.sock")),
                "a Docker engine may answer here");
        runner.run(ctx -> {
            long start = System.nanoTime();
            Throwable failure = null;
            try {
                ctx.getBean(DynamoDbClient.class);
            } catch (RuntimeException e) {
                failure = e;
            }
            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(20_000);
            assertThat(failure).isNotNull().hasStackTraceContaining("localStack")
                    .hasStackTraceContaining("Docker environment");
        });
    }
}
