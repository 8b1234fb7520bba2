package dev.keypath.spring.test;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import dev.keypath.spring.autoconfigure.EngineLogs;
import dev.keypath.spring.autoconfigure.KeyPathDynamoConnectionDetails;
import dev.keypath.spring.autoconfigure.KeyPathDynamoProperties;
import java.net.URI;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * DynamoDB Local in this JVM as the development service of an application run from its tests, following Spring
 * Boot's convention for development services: a {@code TestApplication} in {@code src/test/java} starts the
 * application's own {@code main} with this configuration added, and {@code ./mvnw spring-boot:test-run} runs it, so
 * that {@code dev.keypath:keypath-dynamodb-local} stays a test dependency and the application's own configuration
 * stays as it is in production.
 *
 * <pre>{@code
 * public class TestOrdersApplication {
 *     public static void main(String[] args) {
 *         SpringApplication.from(OrdersApplication::main).with(KeyPathDevelopmentEngine.class).run(args);
 *     }
 * }
 * }</pre>
 *
 * <p>It declares the engine (in memory, on a loopback port, stopped with the context), a
 * {@link KeyPathDynamoConnectionDetails} that points keypath's client at it — which wins over the application's
 * {@code keypath.dynamodb.*} connection properties — and creates the table with its indexes as soon as keypath's
 * table is built. Data lives as long as the process. In a test whose run is given an engine already running
 * ({@code -Dkeypath.dynamodb.endpoint=…}, see {@code keypath-test}), it connects there instead, on the test context's
 * own table.
 */
@TestConfiguration(proxyBeanMethods = false)
public class KeyPathDevelopmentEngine {
    private static final Log LOG = LogFactory.getLog(KeyPathDevelopmentEngine.class);

    /** DynamoDB Local in this JVM: the development service, and tests run without an engine already running. */
    @Configuration(proxyBeanMethods = false)
    @Conditional(InThisJvm.class)
    static class EngineInThisJvm {
        @Bean(destroyMethod = "close")
        EmbeddedDynamoDb keyPathDevelopmentDynamoDb(Environment environment) {
            EngineLogs.quietUnlessAsked(environment.getProperty(KeyPathDynamoProperties.PREFIX + ".engine-logs",
                    Boolean.class, false), environment, KeyPathDevelopmentEngine.class.getClassLoader());
            EmbeddedDynamoDb engine = EmbeddedDynamoDb.start();
            LOG.info("keypath: DynamoDB Local for development at " + engine.endpoint() + "; data lives in memory");
            return engine;
        }

        @Bean
        KeyPathDynamoConnectionDetails keyPathDevelopmentConnection(EmbeddedDynamoDb keyPathDevelopmentDynamoDb) {
            URI endpoint = keyPathDevelopmentDynamoDb.endpoint();
            return () -> endpoint;
        }
    }

    /** In a test context of a run given an engine already running: that engine instead of one in this JVM. */
    @Configuration(proxyBeanMethods = false)
    @Conditional(RunningTestEngine.class)
    static class EngineOfTheTestRun {
        @Bean
        KeyPathDynamoConnectionDetails keyPathDevelopmentConnection(Environment environment) {
            URI endpoint = URI.create(environment.getRequiredProperty(RunningEngineContextCustomizer.ENGINE_PROPERTY));
            LOG.info("keypath: the test run's engine at " + endpoint + " instead of DynamoDB Local in this JVM");
            return () -> endpoint;
        }
    }

    /** Creates (or checks) the table of keypath's {@link KeyPathTable} bean as soon as it is built. */
    @Bean
    static BeanPostProcessor keyPathDevelopmentTableBootstrap() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof KeyPathTable table) {
                    TableStatus status = table.bootstrap();
                    LOG.info("keypath: development table '" + table.tableName() + "' " + status.name().toLowerCase());
                }
                return bean;
            }
        };
    }

    /** Whether the test run moved this context to an engine already running. */
    static final class RunningTestEngine implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return context.getEnvironment().containsProperty(RunningEngineContextCustomizer.ENGINE_PROPERTY);
        }
    }

    /** The opposite of {@link RunningTestEngine}. */
    static final class InThisJvm implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return !context.getEnvironment().containsProperty(RunningEngineContextCustomizer.ENGINE_PROPERTY);
        }
    }
}
