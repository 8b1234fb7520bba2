package com.example.legacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.spring.autoconfigure.UnsupportedSpringBootException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** Startup on Spring Boot 3.5 stops at once, and Boot's failure analysis names the version found and the one needed. */
@ExtendWith(OutputCaptureExtension.class)
class OnSpringBoot3Test {
    @Test
    void startupStopsNamingTheVersionFoundAndTheVersionNeeded(CapturedOutput output) {
        String found = System.getProperty("expected.boot.version");
        assertThatThrownBy(() -> SpringApplication.run(LegacyApplication.class, "--keypath.dynamodb.embedded=true"))
                .isInstanceOf(UnsupportedSpringBootException.class);
        assertThat(output).contains("APPLICATION FAILED TO START")
                .contains("keypath needs Spring Boot 4.1 or later")
                .contains("this application runs on Spring Boot " + found)
                .contains("spring-boot-starter-parent 4.1.x")
                .doesNotContain("Unable to retrieve @EnableAutoConfiguration base packages");
    }
}
