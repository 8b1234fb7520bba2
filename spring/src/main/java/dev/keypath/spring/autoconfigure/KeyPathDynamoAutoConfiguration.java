package dev.keypath.spring.autoconfigure;

import dev.keypath.dynamodb.ConflictingTableSettingsException;
import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.UnreadableItemHandler;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.DefaultKeyPathDynamoOperations;
import dev.keypath.spring.KeyPathExceptionTranslator;
import dev.keypath.spring.KeyPathTransactionManager;
import dev.keypath.spring.KeyPathTransactions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.transaction.TransactionManager;
import org.springframework.transaction.annotation.AbstractTransactionManagementConfiguration;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import tools.jackson.databind.json.JsonMapper;

/**
 * Auto-configuration of keypath for Spring Boot: a {@link DynamoDbClient} from a {@link
 * KeyPathDynamoConnectionDetails} bean or from {@code keypath.dynamodb.*} (or an embedded DynamoDB Local with
 * {@code keypath.dynamodb.embedded=true}), the {@link KeyPathTable} with
 * every {@code @ItemType} of the application's packages and a storage {@link JsonMapper} of its own (the
 * application's modules, not its HTTP settings; see {@link KeyPathJsonMapperCustomizer}) and every
 * {@link OperationListener} bean as its listener (in order; see {@link KeyPathLedgerAutoConfiguration}), the
 * {@link DefaultKeyPathDynamoOperations}, the exception translator, {@link KeyPathTransactionManager} and
 * {@link KeyPathTransactions}. Every bean backs off when the application defines its own.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration",
        beforeName = "org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration")
@ConditionalOnClass({KeyPathTable.class, DynamoDbClient.class})
@EnableConfigurationProperties(KeyPathDynamoProperties.class)
public class KeyPathDynamoAutoConfiguration {
    private static final Log LOG = LogFactory.getLog(KeyPathDynamoAutoConfiguration.class);

    /**
     * Starts DynamoDB Local in this JVM when asked to, and only then; it comes from the development-only module
     * {@code dev.keypath:keypath-dynamodb-local}, which a production application does not carry. A
     * {@link KeyPathDynamoConnectionDetails} bean (a {@code @ServiceConnection} container, say) wins over it.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(KeyPathDynamoProperties.PREFIX + ".embedded")
    @ConditionalOnClass(name = EMBEDDED_ENGINE)
    @ConditionalOnMissingBean(KeyPathDynamoConnectionDetails.class)
    static class EmbeddedEngineConfiguration {
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean
        EmbeddedDynamoDb keyPathEmbeddedDynamoDb(KeyPathDynamoProperties properties, Environment environment) {
            if (properties.getEndpoint() != null) {
                throw new KeyPathConfigurationException("keypath.dynamodb.embedded=true starts its own DynamoDB "
                        + "Local, but keypath.dynamodb.endpoint=" + properties.getEndpoint() + " points elsewhere",
                        "Remove keypath.dynamodb.endpoint, or set keypath.dynamodb.embedded=false");
            }
            LOG.warn("keypath.dynamodb.embedded=true: running DynamoDB Local in memory inside this JVM; all data "
                    + "is lost at shutdown. Do not use in production.");
            EngineLogs.quietUnlessAsked(properties.isEngineLogs(), environment,
                    KeyPathDynamoAutoConfiguration.class.getClassLoader());
            return EmbeddedDynamoDb.start();
        }

        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean
        DynamoDbClient keyPathDynamoDbClient(EmbeddedDynamoDb engine,
                ObjectProvider<KeyPathDynamoDbClientCustomizer> customizers) {
            DynamoDbClientBuilder builder = engine.newClient();
            customizers.orderedStream().forEach(c -> c.customize(builder));
            return builder.build();
        }
    }

    /** The class of the embedded engine, looked up by name: its module is optional. */
    static final String EMBEDDED_ENGINE = "dev.keypath.dynamodb.local.EmbeddedDynamoDb";

    /**
     * The client of the {@link KeyPathDynamoConnectionDetails} bean if there is one, else of the
     * {@code keypath.dynamodb.*} properties.
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    DynamoDbClient keyPathDynamoDbClient(KeyPathDynamoProperties properties,
            ObjectProvider<KeyPathDynamoConnectionDetails> connectionDetails,
            ObjectProvider<KeyPathDynamoDbClientCustomizer> customizers) {
        List<KeyPathDynamoDbClientCustomizer> ordered = customizers.orderedStream().toList();
        KeyPathDynamoConnectionDetails details = connectionDetails.getIfAvailable();
        if (details != null) {
            return ClientSettings.client(details, ordered);
        }
        if (properties.isEmbedded()) { // the engine's configuration did not apply: its module is missing
            throw new KeyPathConfigurationException("keypath.dynamodb.embedded=true needs the development engine, "
                    + "DynamoDB Local, which is not on the classpath", "Add the dependency "
                    + "dev.keypath:keypath-dynamodb-local (scope test when only tests and spring-boot:test-run use it), "
                    + "or set keypath.dynamodb.embedded=false and give an endpoint");
        }
        return ClientSettings.client(new PropertiesConnectionDetails(properties), ordered);
    }

    @Bean
    @ConditionalOnMissingBean
    KeyPathTable keyPathTable(DynamoDbClient client, KeyPathDynamoProperties properties,
            ObjectProvider<JsonMapper> jsonMapper, ObjectProvider<KeyPathJsonMapperCustomizer> mapperCustomizers,
            ObjectProvider<KeyPathTableBuilderCustomizer> customizers, ObjectProvider<UnreadableItemHandler> unreadable,
            ObjectProvider<ItemExtension> extensions, ObjectProvider<OperationListener> listeners,
            ObjectProvider<OperationObserver> observers, BeanFactory beanFactory) {
        KeyPathTable.Builder builder = KeyPathTables.builder().client(client).tableName(properties.getTableName())
                .jsonMapper(storageMapper(jsonMapper.getIfUnique(), mapperCustomizers))
                .onUnreadableItem(unreadable.getIfAvailable(() -> unreadableItems(properties)))
                .strictReads(properties.isStrictReads())
                .returnConsumedCapacity(consumedCapacity(properties.getConsumedCapacity()))
                .readConsistency(properties.getReadConsistency() == null ? ReadConsistency.EVENTUAL
                        : properties.getReadConsistency());
        Set<Class<?>> types = new ItemTypeScanner(beanFactory.getClass().getClassLoader())
                .scan(itemTypePackages(properties, beanFactory));
        builder.register(types.toArray(new Class<?>[0]));
        new SchemaWriteSettings(types).apply(properties.getSchema(), builder);
        String secret = properties.getPageTokenSecret();
        if (secret != null && !secret.isEmpty()) {
            builder.pageTokenSecret(secret.getBytes(StandardCharsets.UTF_8));
        } else if (!properties.isEmbedded()) {
            LOG.warn("keypath.dynamodb.page-token-secret is not set: page tokens are signed with a random secret and "
                    + "stop working after a restart or on another instance");
        }
        extensions.orderedStream().forEach(builder::extensions);
        OperationListener listener = OperationListeners.of(listeners.orderedStream().toList());
        if (listener != null) {
            builder.operationListener(listener);
        }
        OperationObserver observer = observers.getIfUnique();
        if (observer != null) {
            builder.operationObserver(observer);
        }
        customizers.orderedStream().forEach(c -> c.customize(builder));
        KeyPathTable table;
        try {
            table = builder.build();
        } catch (ConflictingTableSettingsException e) {
            throw new KeyPathConfigurationException("The key-path table '" + properties.getTableName() + "' cannot "
                    + "be built: " + e.getMessage(), "Remove the type from keypath.dynamodb.schema.upgrade-on-write "
                    + "or keypath.dynamodb.schema.write-previous-version (or from the builder customizer that names it)",
                    e);
        } catch (IllegalArgumentException e) {
            throw new KeyPathConfigurationException("The key-path table '" + properties.getTableName() + "' cannot "
                    + "be built: " + e.getMessage(), "Correct keypath.dynamodb.table-name or "
                    + "keypath.dynamodb.page-token-secret (at least 16 bytes), or the item type it names", e);
        }
        if (properties.isCreateTableIfMissing() || properties.isEmbedded()) {
            TableStatus status = table.bootstrap();
            LOG.info("keypath table '" + table.tableName() + "' " + status.name().toLowerCase() + " with "
                    + types.size() + " item type(s)");
        }
        return table;
    }

    /**
     * The mapper items are stored with: Jackson's defaults plus the modules of the application's mapper, then the
     * {@link KeyPathJsonMapperCustomizer}s; never the application's HTTP settings.
     */
    static JsonMapper storageMapper(JsonMapper applicationMapper,
            ObjectProvider<KeyPathJsonMapperCustomizer> customizers) {
        JsonMapper.Builder builder = JsonMapper.builder();
        if (applicationMapper != null) {
            builder.addModules(applicationMapper.registeredModules());
        }
        customizers.orderedStream().forEach(c -> c.customize(builder));
        return builder.build();
    }

    /** The SDK's value of {@code keypath.dynamodb.consumed-capacity}; left empty, the default. */
    static ReturnConsumedCapacity consumedCapacity(KeyPathDynamoProperties.ConsumedCapacity asked) {
        if (asked == null) {
            return ReturnConsumedCapacity.INDEXES;
        }
        return switch (asked) {
            case INDEXES -> ReturnConsumedCapacity.INDEXES;
            case TOTAL -> ReturnConsumedCapacity.TOTAL;
            case NONE -> ReturnConsumedCapacity.NONE;
        };
    }

    private static UnreadableItemHandler unreadableItems(KeyPathDynamoProperties properties) {
        if (properties.getUnreadableItems() == KeyPathDynamoProperties.UnreadableItems.FAIL) {
            return UnreadableItemHandler.FAIL;
        }
        return problem -> LOG.warn("Skipped an item that cannot be read (keypath.dynamodb.unreadable-items=skip): "
                + problem.getMessage());
    }

    private static List<String> itemTypePackages(KeyPathDynamoProperties properties, BeanFactory beanFactory) {
        if (!properties.getItemTypePackages().isEmpty()) {
            return properties.getItemTypePackages();
        }
        return AutoConfigurationPackages.has(beanFactory) ? AutoConfigurationPackages.get(beanFactory)
                : new ArrayList<>();
    }

    @Bean
    @ConditionalOnMissingBean
    KeyPathExceptionTranslator keyPathExceptionTranslator() {
        return new KeyPathExceptionTranslator();
    }

    @Bean
    @ConditionalOnMissingBean(KeyPathDynamoOperations.class)
    DefaultKeyPathDynamoOperations keyPathDynamoOperations(KeyPathTable table, KeyPathExceptionTranslator translator,
            BeanFactory beanFactory) {
        DefaultKeyPathDynamoOperations operations = new DefaultKeyPathDynamoOperations(table, translator);
        operations.setEntityCallbacks(EntityCallbacks.create(beanFactory));
        return operations;
    }

    /**
     * Bean Validation of items before every put when the application has a {@code jakarta.validation.Validator}
     * (Boot configures one when Hibernate Validator is on the classpath): a builder customizer that hands it to
     * the table. Without the validation API on the classpath nothing of it is loaded.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "jakarta.validation.Validator")
    static class ItemValidationConfiguration {
        @Bean
        KeyPathTableBuilderCustomizer keyPathItemValidation(ObjectProvider<jakarta.validation.Validator> validator) {
            return builder -> {
                jakarta.validation.Validator v = validator.getIfUnique();
                if (v != null) {
                    builder.validator(v);
                }
            };
        }
    }

    /**
     * keypath's transaction manager, always under the name {@value KeyPathTransactionManagers#BEAN_NAME} and
     * never as a default candidate: other auto-configurations' {@code @ConditionalOnMissingBean(TransactionManager)}
     * do not see it, so it never displaces another store's manager, whatever the order. It becomes the default
     * only when it is the application's one transaction manager ({@link KeyPathTransactionManagers#promoteIfAlone}).
     */
    @Bean(name = KeyPathTransactionManagers.BEAN_NAME, defaultCandidate = false)
    @ConditionalOnMissingBean(name = KeyPathTransactionManagers.BEAN_NAME)
    KeyPathTransactionManager keyPathTransactionManager(KeyPathTable table, KeyPathExceptionTranslator translator) {
        return new KeyPathTransactionManager(table, translator);
    }

    @Bean
    static BeanFactoryPostProcessor keyPathTransactionManagerPromotion() {
        return KeyPathTransactionManagers::promoteIfAlone;
    }

    @Bean
    @ConditionalOnMissingBean
    KeyPathTransactions keyPathTransactions(KeyPathDynamoOperations operations,
            @Qualifier(KeyPathTransactionManagers.BEAN_NAME) ObjectProvider<KeyPathTransactionManager> managers,
            KeyPathExceptionTranslator translator) {
        KeyPathTransactionManager manager = managers.stream()
                .filter(m -> m.table() == operations.table()).findFirst()
                .orElseGet(() -> new KeyPathTransactionManager(operations.table(), translator));
        return new KeyPathTransactions(operations, manager);
    }

    /**
     * {@code @Transactional} support when keypath's manager is the only one: Boot enables it only when it sees a
     * default-candidate {@link TransactionManager} while parsing, which keypath's is not. The same two variants
     * as Boot's, chosen by the same property; either backs off when transaction management is already enabled.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingBean(AbstractTransactionManagementConfiguration.class)
    static class TransactionManagementConfiguration {
        @Configuration(proxyBeanMethods = false)
        @EnableTransactionManagement(proxyTargetClass = true)
        @ConditionalOnBooleanProperty(name = "spring.aop.proxy-target-class", matchIfMissing = true)
        static class ClassProxies {
        }

        @Configuration(proxyBeanMethods = false)
        @EnableTransactionManagement(proxyTargetClass = false)
        @ConditionalOnBooleanProperty(name = "spring.aop.proxy-target-class", havingValue = false)
        static class InterfaceProxies {
        }
    }
}
