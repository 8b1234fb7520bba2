package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.DefaultKeyPathDynamoOperations;
import dev.keypath.spring.KeyPathExceptionTranslator;
import dev.keypath.spring.KeyPathTransactionManager;
import dev.keypath.spring.KeyPathTransactions;
import dev.keypath.spring.autoconfigure.bad.TitleSearchRepository;
import dev.keypath.spring.repository.EnableKeyPathRepositories;
import dev.keypath.spring.sample.Post;
import dev.keypath.spring.sample.PostRepository;
import dev.keypath.spring.sample.User;
import dev.keypath.test.TestDynamoDb;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.StdSerializer;

/** What the starter registers, when it backs off, and how startup fails. */
class AutoConfigurationTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                    KeyPathDynamoAutoConfiguration.class, KeyPathRepositoriesAutoConfiguration.class))
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false");

    @Configuration(proxyBeanMethods = false)
    @EnableKeyPathRepositories(basePackageClasses = PostRepository.class,
            includeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = PostRepository.class))
    static class ExplicitRepositories {
    }

    @Configuration(proxyBeanMethods = false)
    @EnableKeyPathRepositories(basePackageClasses = TitleSearchRepository.class)
    static class BadRepositories {
    }

    @Test
    void registersTheWholeStackOnAnExistingClient() {
        runner.withUserConfiguration(EngineClient.class)
                .withPropertyValues("keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("auto"),
                        "keypath.dynamodb.create-table-if-missing=true")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed().hasSingleBean(KeyPathTable.class)
                            .hasSingleBean(DefaultKeyPathDynamoOperations.class).hasSingleBean(KeyPathExceptionTranslator.class)
                            .hasSingleBean(KeyPathTransactionManager.class).hasSingleBean(KeyPathTransactions.class)
                            .doesNotHaveBean(EmbeddedDynamoDb.class);
                    KeyPathDynamoOperations ops = ctx.getBean(KeyPathDynamoOperations.class);
                    UUID id = UUID.randomUUID();
                    ops.save(User.of(id, "auto"));
                    assertThat(ops.findById(User.class, KeyPath.of("user", id))).isPresent();
                    assertThat(ops.table().schema(Post.class).keyPathTemplate().toString())
                            .isEqualTo("/user-{userId}/post-{postId}");
                });
    }

    @Test
    void embeddedStartsDynamoDbLocalAndCreatesTheTable() {
        runner.withPropertyValues("keypath.dynamodb.embedded=true", "keypath.dynamodb.table-name=embedded")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed().hasSingleBean(EmbeddedDynamoDb.class);
                    EmbeddedDynamoDb engine = ctx.getBean(EmbeddedDynamoDb.class);
                    assertThat(ctx.getBean(DynamoDbClient.class).listTables().tableNames()).contains("embedded");
                    assertThat(engine.endpoint().getHost()).isEqualTo("127.0.0.1");
                });
    }

    @Test
    void embeddedWithoutTheEngineModuleNamesTheDependencyToAdd() {
        runner.withClassLoader(new org.springframework.boot.test.context.FilteredClassLoader(EmbeddedDynamoDb.class))
                .withPropertyValues("keypath.dynamodb.embedded=true")
                .run(ctx -> assertThat(ctx).hasFailed().getFailure()
                        .hasStackTraceContaining("dev.keypath:keypath-dynamodb-local"));
    }

    @Test
    void embeddedWithAnEndpointIsAConfigurationError() {
        runner.withPropertyValues("keypath.dynamodb.embedded=true", "keypath.dynamodb.endpoint=http://localhost:8000")
                .run(ctx -> assertThat(ctx).hasFailed().getFailure()
                        .rootCause().hasMessageContaining("Remove keypath.dynamodb.endpoint"));
    }

    @Test
    void nothingEmbeddedUnlessAsked() {
        runner.withUserConfiguration(EngineClient.class)
                .withPropertyValues("keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("plain"))
                .run(ctx -> assertThat(ctx).doesNotHaveBean(EmbeddedDynamoDb.class));
    }

    @Test
    void backsOffFromUserBeans() {
        runner.withUserConfiguration(EngineClient.class)
                .withBean("myTable", KeyPathTable.class, () -> KeyPathTables.builder()
                        .client(TestDynamoDb.get().client()).tableName("mine").register(User.class).build())
                .withBean("myOps", KeyPathDynamoOperations.class,
                        () -> new DefaultKeyPathDynamoOperations(KeyPathTables.builder().client(TestDynamoDb.get().client())
                                .tableName("mine").register(User.class).build()))
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed().hasSingleBean(KeyPathTable.class)
                            .hasSingleBean(KeyPathDynamoOperations.class);
                    assertThat(ctx.getBean(KeyPathTable.class).tableName()).isEqualTo("mine");
                    assertThat(ctx.getBean(KeyPathTransactions.class)).isNotNull();
                });
    }

    @Test
    void storesWithTheApplicationsModulesButNotItsNamingStrategy() {
        String tableName = TestDynamoDb.uniqueTableName("json");
        SimpleModule names = new SimpleModule("upper-names");
        names.addSerializer(String.class, new StdSerializer<>(String.class) {
            @Override
            public void serialize(String value, JsonGenerator gen, SerializationContext ctxt) {
                gen.writeString(value.toUpperCase(java.util.Locale.ROOT));
            }
        });
        JsonMapper mine = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.UPPER_CAMEL_CASE)
                .addModule(names).build();
        runner.withUserConfiguration(EngineClient.class).withBean(JsonMapper.class, () -> mine)
                .withPropertyValues("keypath.dynamodb.table-name=" + tableName,
                        "keypath.dynamodb.create-table-if-missing=true")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed().hasSingleBean(JsonMapper.class);
                    UUID id = UUID.randomUUID();
                    ctx.getBean(KeyPathDynamoOperations.class).save(User.of(id, "named"));
                    KeyPath path = KeyPath.of("user", id);
                    var item = TestDynamoDb.get().client().getItem(r -> r.tableName(tableName).key(Map.of(
                            "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                            "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
                    assertThat(item).as("the application's naming strategy is an HTTP setting, not storage's")
                            .containsKey("name").doesNotContainKey("Name");
                    assertThat(item.get("name").s()).as("the application's module serialized it").isEqualTo("NAMED");
                });
    }

    @Test
    void enableKeyPathRepositoriesRegistersRepositories() {
        runner.withUserConfiguration(EngineClient.class, ExplicitRepositories.class)
                .withPropertyValues("keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("repos"),
                        "keypath.dynamodb.create-table-if-missing=true")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed().hasSingleBean(PostRepository.class);
                    UUID u = UUID.randomUUID();
                    PostRepository posts = ctx.getBean(PostRepository.class);
                    posts.save(Post.of(u, 1, "hi", null));
                    assertThat(posts.findByUserId(u)).hasSize(1);
                });
    }

    @Test
    void aBadQueryMethodFailsStartupSayingWhyAndWhatWorks() {
        runner.withUserConfiguration(EngineClient.class, BadRepositories.class)
                .withPropertyValues("keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("bad"))
                .run(ctx -> {
                    assertThat(ctx).hasFailed();
                    Throwable t = ctx.getStartupFailure();
                    while (t != null && !(t instanceof InvalidDataAccessApiUsageException)) {
                        t = t.getCause();
                    }
                    assertThat(t).isNotNull();
                    assertThat(t.getMessage()).isEqualTo("TitleSearchRepository.findByTitle: 'title' is not a "
                            + "key-path variable of /user-{userId}/post-{postId}, so it can only filter the items of "
                            + "a key range; query by userId (prefix), or declare @SecondaryKeyPath on Post with "
                            + "{title} as a variable");
                });
    }

    @Test
    void configurationMetadataListsTheProperties() throws Exception {
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).isNotNull();
            String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(json).contains("\"keypath.dynamodb.endpoint\"", "\"keypath.dynamodb.region\"",
                    "\"keypath.dynamodb.table-name\"", "\"keypath.dynamodb.create-table-if-missing\"",
                    "\"keypath.dynamodb.embedded\"", "\"keypath.dynamodb.page-token-secret\"",
                    "\"keypath.dynamodb.repositories.enabled\"", "\"keypath.dynamodb.consumed-capacity\"",
                    "\"keypath.dynamodb.read-consistency\"");
        }
    }
}
