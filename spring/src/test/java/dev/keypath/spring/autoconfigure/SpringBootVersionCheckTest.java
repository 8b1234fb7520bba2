package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.support.GenericApplicationContext;

/**
 * The check of the Spring Boot version: versions below 4.1 are refused, naming both, whatever their suffix; this
 * build's own Boot passes. A Boot 3.5 application stopped by it runs in the starter's build (src/it/boot35).
 */
class SpringBootVersionCheckTest {
    @Test
    void versionsBelowTheNeededOneAreOlder() {
        assertThat(SpringBootVersionCheck.older("3.5.16", "4.1")).isTrue();
        assertThat(SpringBootVersionCheck.older("4.0.3", "4.1")).isTrue();
        assertThat(SpringBootVersionCheck.older("2.7.18", "4.1")).isTrue();
        assertThat(SpringBootVersionCheck.older("4.1.0-M1", "4.1")).isFalse();
        assertThat(SpringBootVersionCheck.older("4.1.2", "4.1")).isFalse();
        assertThat(SpringBootVersionCheck.older("4.2.0-SNAPSHOT", "4.1")).isFalse();
        assertThat(SpringBootVersionCheck.older("5.0.0", "4.1")).isFalse();
    }

    @Test
    void thisBuildsSpringBootPasses() {
        assertThat(SpringBootVersion.getVersion()).startsWith("4.1");
        assertThatCode(() -> new SpringBootVersionCheck().initialize(new GenericApplicationContext()))
                .doesNotThrowAnyException();
    }

    @Test
    void theAnalysisNamesTheVersionFoundTheOneNeededAndWhatToDo() {
        UnsupportedSpringBootException tooOld = new UnsupportedSpringBootException("3.5.16", "4.1");
        FailureAnalysis analysis = new UnsupportedSpringBootFailureAnalyzer().analyze(tooOld);
        assertThat(analysis.getDescription()).contains("Spring Boot 4.1 or later").contains("Spring Boot 3.5.16")
                .contains("Jackson 3");
        assertThat(analysis.getAction()).contains("spring-boot-starter-parent 4.1.x").contains("jackson-bom.version");
    }
}
