package dev.keypath.spring.autoconfigure;

import org.springframework.boot.SpringBootVersion;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.ClassUtils;

/**
 * Stops an application on a Spring Boot older than 4.1 before its context starts, with an
 * {@link UnsupportedSpringBootException} that {@link UnsupportedSpringBootFailureAnalyzer} reports naming the version
 * found and the one needed, instead of the failure an older Boot meets later, deep in keypath's auto-configuration
 * ("Unable to retrieve @EnableAutoConfiguration base packages"). Registered in {@code spring.factories} as an
 * application-context initializer, which Boot 3 runs as Boot 4 does; it reads the version with
 * {@code SpringBootVersion}, which both have, and loads no class of Boot 4 alone. Stateless.
 */
final class SpringBootVersionCheck implements ApplicationContextInitializer<ConfigurableApplicationContext> {
    /** The oldest Spring Boot keypath runs on. */
    static final String NEEDED = "4.1";
    /** A class every Spring Boot 4 has and Spring Boot 3 has not: when the version is not recorded. */
    private static final String BOOT_4_CLASS = "org.springframework.boot.EnvironmentPostProcessor";

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        String found = SpringBootVersion.getVersion();
        if (found == null) {
            if (!ClassUtils.isPresent(BOOT_4_CLASS, SpringBootVersionCheck.class.getClassLoader())) {
                throw new UnsupportedSpringBootException("3 or older (the jar records no version)", NEEDED);
            }
            return;
        }
        if (older(found, NEEDED)) {
            throw new UnsupportedSpringBootException(found, NEEDED);
        }
    }

    /** Whether {@code version} ({@code 3.5.7}, {@code 4.1.0-M1}) is below {@code needed} ({@code 4.1}). */
    static boolean older(String version, String needed) {
        int[] v = majorMinor(version);
        int[] n = majorMinor(needed);
        return v[0] < n[0] || v[0] == n[0] && v[1] < n[1];
    }

    private static int[] majorMinor(String version) {
        String[] parts = version.split("[.-]");
        return new int[] {number(parts, 0), number(parts, 1)};
    }

    private static int number(String[] parts, int i) {
        if (i >= parts.length) {
            return 0;
        }
        String digits = parts[i].replaceAll("\\D.*", "");
        return digits.isEmpty() ? 0 : Integer.parseInt(digits);
    }
}
