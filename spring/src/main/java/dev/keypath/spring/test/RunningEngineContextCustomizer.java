package dev.keypath.spring.test;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.spring.autoconfigure.KeyPathDynamoProperties;
import dev.keypath.test.TestDynamoDb;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * A test context on the run's engine already running ({@link TestDynamoDb#runsOnExternalEngine()}): before the
 * context starts, properties that win over all others give it
 * <ul>
 *   <li>a table of its own, {@code keypath.dynamodb.table-name} made unique for the run from the context's own name
 *       ({@code kp-20300101t120000-x7k2-orders-3}), created at start ({@code create-table-if-missing}) and deleted
 *       when the context closes;</li>
 *   <li>the engine's endpoint, unless the context names an engine of its own: {@code embedded=true} (the slice's
 *       default) is turned off, and a context without an endpoint gets the engine's;</li>
 *   <li>{@value #ENGINE_PROPERTY}, the engine's endpoint, which {@link KeyPathDevelopmentEngine} follows instead of
 *       starting DynamoDB Local.</li>
 * </ul>
 * A context whose keypath client still goes elsewhere once started (a {@code KeyPathDynamoConnectionDetails} or
 * {@code DynamoDbClient} bean of its own, an endpoint in its own properties) logs a warning naming both engines.
 * Equal to every other instance, so that contexts are cached as without it.
 */
final class RunningEngineContextCustomizer implements ContextCustomizer {
    /** The endpoint of the engine already running that the test run gives, set in every test context it moves. */
    static final String ENGINE_PROPERTY = KeyPathDynamoProperties.PREFIX + ".test.engine";
    /** The property source that carries the settings, first in the environment. */
    static final String PROPERTY_SOURCE = "keypathRunningTestEngine";
    private static final Log LOG = LogFactory.getLog(RunningEngineContextCustomizer.class);
    private static final String P = KeyPathDynamoProperties.PREFIX;

    /** A customizer when the run's tests go to an engine already running; {@code null} otherwise. */
    static ContextCustomizer ifTheRunGivesOne() {
        return TestDynamoDb.runsOnExternalEngine() ? new RunningEngineContextCustomizer() : null;
    }

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
        TestDynamoDb engine = TestDynamoDb.get();
        String endpoint = engine.endpoint().toString();
        ConfigurableEnvironment environment = context.getEnvironment();
        Map<String, Object> settings = new LinkedHashMap<>();
        String own = environment.getProperty(P + ".endpoint");
        if (environment.getProperty(P + ".embedded", Boolean.class, false) || own == null || own.isBlank()
                || own.trim().equals(endpoint)) {
            settings.put(P + ".embedded", "false");
            settings.put(P + ".endpoint", endpoint);
        }
        String table = TestDynamoDb.uniqueTableName(environment.getProperty(P + ".table-name", "keypath"));
        settings.put(P + ".table-name", table);
        settings.put(P + ".create-table-if-missing", "true");
        settings.put(ENGINE_PROPERTY, endpoint);
        environment.getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE, settings));
        context.addApplicationListener(new ContextOnTheEngine(context, engine, table));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RunningEngineContextCustomizer;
    }

    @Override
    public int hashCode() {
        return RunningEngineContextCustomizer.class.hashCode();
    }

    /** Says when the started context's client went elsewhere; deletes the context's table when it closes. */
    private static final class ContextOnTheEngine implements ApplicationListener<ApplicationEvent> {
        private final ConfigurableApplicationContext context;
        private final TestDynamoDb engine;
        private final String table;

        ContextOnTheEngine(ConfigurableApplicationContext context, TestDynamoDb engine, String table) {
            this.context = context;
            this.engine = engine;
            this.table = table;
        }

        @Override
        public void onApplicationEvent(ApplicationEvent event) {
            if (event instanceof ContextRefreshedEvent refreshed && refreshed.getApplicationContext() == context) {
                sayWhereTheClientWent();
            } else if (event instanceof ContextClosedEvent closed && closed.getApplicationContext() == context) {
                deleteTable();
            }
        }

        private void sayWhereTheClientWent() {
            if (context.getBeanProvider(KeyPathTable.class).getIfUnique() == null) {
                return;
            }
            DynamoDbClient client = context.getBeanProvider(DynamoDbClient.class).getIfUnique();
            Optional<URI> reached = client == null ? Optional.empty()
                    : client.serviceClientConfiguration().endpointOverride();
            if (reached.isEmpty() || !reached.get().equals(engine.endpoint())) {
                LOG.warn("keypath: this test run gives the engine at " + engine.endpoint() + " (-D"
                        + TestDynamoDb.ENDPOINT_PROPERTY + " or AWS_ENDPOINT_URL_DYNAMODB), but this test context's "
                        + "DynamoDB client goes to " + reached.map(URI::toString).orElse("AWS's endpoint")
                        + ": it names an engine of its own (a KeyPathDynamoConnectionDetails or DynamoDbClient bean, "
                        + "or keypath.dynamodb.endpoint in its own properties); its table is " + table);
            }
        }

        private void deleteTable() {
            try (DynamoDbClient client = engine.clientBuilder().build()) {
                client.deleteTable(r -> r.tableName(table));
            } catch (ResourceNotFoundException notThere) {
                // never created (the context did not use keypath), or on an engine of the context's own
            } catch (SdkException e) {
                LOG.warn("keypath: the test table " + table + " on " + engine.endpoint() + " could not be deleted ("
                        + e.getMessage() + "); a later run deletes it once it is old enough");
            }
        }
    }
}
