package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import dev.keypath.spring.autoconfigure.bad.TitleSearchRepository;
import dev.keypath.spring.repository.EnableKeyPathRepositories;
import dev.keypath.test.TestDynamoDb;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * Startup failures reported as Spring Boot failure analyses (a description and an action, no nested stack trace):
 * the analyzers keypath registers, applied as Boot applies them, to the real failure of each bad setting.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailureAnalysisTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                    KeyPathDynamoAutoConfiguration.class, KeyPathRepositoriesAutoConfiguration.class))
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false");

    @Configuration(proxyBeanMethods = false)
    @EnableKeyPathRepositories(basePackageClasses = TitleSearchRepository.class)
    static class BadRepositories {
    }

    /** The analysis Boot would print: the first of the registered analyzers that recognises the failure. */
    private static FailureAnalysis analysisOf(Throwable failure) {
        // Boot's own analyzers that need its application context to be made are skipped: keypath's do not
        List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation()
                .load(FailureAnalyzer.class, null, SpringFactoriesLoader.FailureHandler.handleMessage((m, e) -> { }));
        for (FailureAnalyzer analyzer : analyzers) {
            FailureAnalysis analysis = analyzer.analyze(failure);
            if (analysis != null) {
                return analysis;
            }
        }
        return null;
    }

    private void assertAnalysis(ApplicationContextRunner configured, String description, String action) {
        configured.run(ctx -> {
            assertThat(ctx).hasFailed();
            FailureAnalysis analysis = analysisOf(ctx.getStartupFailure());
            assertThat(analysis).as("an analysis of %s", ctx.getStartupFailure()).isNotNull();
            assertThat(analysis.getDescription()).contains(description);
            assertThat(analysis.getAction()).contains(action);
        });
    }

    @Test
    void theEmbeddedEngineMissingFromTheClasspath() {
        assertAnalysis(runner.withClassLoader(new FilteredClassLoader(EmbeddedDynamoDb.class))
                        .withPropertyValues("keypath.dynamodb.embedded=true"),
                "keypath.dynamodb.embedded=true needs the development engine", "dev.keypath:keypath-dynamodb-local");
    }

    @Test
    void theEmbeddedEngineBesideAnEndpoint() {
        assertAnalysis(runner.withPropertyValues("keypath.dynamodb.embedded=true",
                        "keypath.dynamodb.endpoint=http://localhost:8000"),
                "keypath.dynamodb.endpoint=http://localhost:8000 points elsewhere",
                "Remove keypath.dynamodb.endpoint");
    }

    @Test
    void halfAKeyPair() {
        assertAnalysis(runner.withPropertyValues("keypath.dynamodb.endpoint=" + TestDynamoDb.get().endpoint(),
                        "keypath.dynamodb.access-key-id=only-the-id"),
                "keypath.dynamodb.access-key-id is set but keypath.dynamodb.secret-access-key is not",
                "Set both, or neither");
    }

    @Test
    void aPageTokenSecretTooShort() {
        assertAnalysis(runner.withUserConfiguration(EngineClient.class)
                        .withPropertyValues("keypath.dynamodb.page-token-secret=short"),
                "cannot be built: page token secret must be at least 16 bytes",
                "keypath.dynamodb.page-token-secret");
    }

    @Test
    void anUnknownConsumedCapacity() {
        assertAnalysis(runner.withUserConfiguration(EngineClient.class)
                        .withPropertyValues("keypath.dynamodb.consumed-capacity=some"),
                "Property: keypath.dynamodb.consumed-capacity", "The following values are valid:\n\n    INDEXES\n"
                        + "    NONE\n    TOTAL");
    }

    @Test
    void anUnknownReadConsistency() {
        assertAnalysis(runner.withUserConfiguration(EngineClient.class)
                        .withPropertyValues("keypath.dynamodb.read-consistency=sometimes"),
                "Property: keypath.dynamodb.read-consistency", "The following values are valid:\n\n    EVENTUAL\n"
                        + "    STRONG");
    }

    @Test
    void aRepositoryMethodThatIsNoKeyPathQuery() {
        assertAnalysis(runner.withUserConfiguration(EngineClient.class, BadRepositories.class)
                        .withPropertyValues("keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("bad")),
                "repository method TitleSearchRepository.findByTitle into a key-path query: 'title' is not a "
                        + "key-path variable", "@KeyPathQuery");
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class BrokenApplication {
    }

    @Test
    void bootPrintsTheAnalysisInsteadOfAStackTrace(CapturedOutput output) {
        assertThatThrownBy(() -> new SpringApplicationBuilder(BrokenApplication.class)
                .web(WebApplicationType.NONE)
                .run("--keypath.dynamodb.embedded=true", "--keypath.dynamodb.endpoint=http://localhost:8000",
                        "--keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                        "--keypath.dynamodb.repositories.enabled=false", "--spring.main.banner-mode=off",
                        "--spring.autoconfigure.exclude="
                                + "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration"))
                .isInstanceOf(Exception.class);
        assertThat(output).contains("APPLICATION FAILED TO START", "Description:",
                "keypath: keypath.dynamodb.embedded=true starts its own DynamoDB Local", "Action:",
                "Remove keypath.dynamodb.endpoint, or set keypath.dynamodb.embedded=false");
    }
}
