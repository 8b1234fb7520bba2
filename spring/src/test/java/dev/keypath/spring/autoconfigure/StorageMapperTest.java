package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.sample.Profile;
import dev.keypath.test.TestDynamoDb;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.DefaultTyping;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.jsontype.BasicPolymorphicTypeValidator;

/**
 * What is stored does not depend on the application's HTTP JSON settings: the same item gives a byte-identical
 * attribute map whatever the application's own mapper is configured to do, and its key fields stay bound.
 */
class StorageMapperTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("storage");
    private static final Profile GOLDEN = new Profile("acme", UUID.fromString("0b7d7a8e-59c2-4d35-9a43-3f0a1a3c5e11"),
            "Ada Lovelace", Instant.parse("2025-03-14T15:09:26.535Z"), new Profile.Address("Main Street", 12),
            List.of("ada", "countess"), Map.of("chess", 3, "go", 7), null, null);

    /** Settings of the application's mapper that an HTTP API may well use. */
    enum AppJson {
        DEFAULTS(b -> { }),
        SNAKE_CASE(b -> b.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)),
        DATES_AS_TIMESTAMPS(b -> b.enable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)),
        FAIL_ON_UNKNOWN_PROPERTIES(b -> b.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)),
        DEFAULT_TYPING(b -> b.activateDefaultTyping(BasicPolymorphicTypeValidator.builder()
                .allowIfBaseType(Object.class).build(), DefaultTyping.NON_FINAL));

        final Consumer<JsonMapper.Builder> setting;

        AppJson(Consumer<JsonMapper.Builder> setting) {
            this.setting = setting;
        }
    }

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                    KeyPathDynamoAutoConfiguration.class))
            .withUserConfiguration(EngineClient.class)
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false", "keypath.dynamodb.create-table-if-missing=true",
                    "keypath.dynamodb.table-name=" + TABLE);

    @ParameterizedTest
    @EnumSource(AppJson.class)
    void theStoredItemIsByteIdenticalWhateverTheApplicationMapperDoes(AppJson appJson) {
        Map<String, AttributeValue> expected = storedUnder(AppJson.DEFAULTS);
        assertThat(expected).containsKeys("displayName", "createdAt", "homeAddress", "nickNames", "scoreByGame")
                .doesNotContainKeys("tenantId", "profileId", "tenant_id", "profile_id");
        assertThat(expected.get("createdAt").s()).isEqualTo("2025-03-14T15:09:26.535Z");
        assertThat(storedUnder(appJson)).isEqualTo(expected);
    }

    @Test
    void keyFieldsStayBoundSoASecondSaveUpdatesTheSameItem() {
        runner.withBean(JsonMapperBuilderCustomizer.class, () -> AppJson.SNAKE_CASE.setting::accept).run(ctx -> {
            assertThat(ctx).hasNotFailed();
            KeyPathDynamoOperations ops = ctx.getBean(KeyPathDynamoOperations.class);
            Profile created = ops.insert(new Profile("snake", null, "new", null, null, List.of(), Map.of(), null,
                    null));
            assertThat(created.profileId()).isNotNull();
            Profile read = ops.findById(Profile.class, ops.table().keyPathOf(created)).orElseThrow();
            assertThat(read.profileId()).isEqualTo(created.profileId());
            assertThat(read.tenantId()).isEqualTo("snake");
            Profile saved = ops.save(new Profile(read.tenantId(), read.profileId(), "renamed", null, null, List.of(),
                    Map.of(), null, read.version()));
            assertThat(saved.profileId()).as("no fresh id, no phantom item").isEqualTo(created.profileId());
            assertThat(ops.findSubtree(KeyPath.of("tenant", "snake")).items()).hasSize(1);
        });
    }

    @Test
    void aCustomizerShapesTheStorageMapperOnly() {
        runner.withBean(KeyPathJsonMapperCustomizer.class,
                () -> b -> b.propertyNamingStrategy(PropertyNamingStrategies.UPPER_CAMEL_CASE)).run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    KeyPathDynamoOperations ops = ctx.getBean(KeyPathDynamoOperations.class);
                    Profile stored = ops.save(withTenant("custom"));
                    Map<String, AttributeValue> item = raw(ops.table(), stored);
                    assertThat(item).containsKey("DisplayName").doesNotContainKey("displayName");
                    assertThat(ops.findById(Profile.class, ops.table().keyPathOf(stored)).orElseThrow().tenantId())
                            .isEqualTo("custom");
                    assertThat(ctx.getBean(JsonMapper.class).writeValueAsString(new Profile.Address("x", 1)))
                            .as("the application's mapper is untouched").contains("streetName");
                });
    }

    private Map<String, AttributeValue> storedUnder(AppJson appJson) {
        Map<String, AttributeValue>[] stored = new Map[1];
        runner.withBean(JsonMapperBuilderCustomizer.class, () -> appJson.setting::accept).run(ctx -> {
            assertThat(ctx).hasNotFailed();
            KeyPathDynamoOperations ops = ctx.getBean(KeyPathDynamoOperations.class);
            Profile saved = ops.save(withTenant("golden-" + appJson + "-" + UUID.randomUUID()));
            stored[0] = raw(ops.table(), saved);
            Profile read = ops.findById(Profile.class, ops.table().keyPathOf(saved)).orElseThrow();
            assertThat(read).isEqualTo(saved);
        });
        Map<String, AttributeValue> item = new java.util.HashMap<>(stored[0]);
        item.remove("pk"); // the tenant differs per setting so that each run writes its own item
        return item;
    }

    private static Profile withTenant(String tenant) {
        return new Profile(tenant, GOLDEN.profileId(), GOLDEN.displayName(), GOLDEN.createdAt(), GOLDEN.homeAddress(),
                GOLDEN.nickNames(), GOLDEN.scoreByGame(), GOLDEN.optionalCount(), GOLDEN.version());
    }

    private static Map<String, AttributeValue> raw(KeyPathTable table, Profile profile) {
        KeyPath path = table.keyPathOf(profile);
        return TestDynamoDb.get().client().getItem(r -> r.tableName(table.tableName()).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }
}
