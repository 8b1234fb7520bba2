package dev.keypath.examples.spring;

import dev.keypath.spring.test.KeyPathDevelopmentEngine;
import org.springframework.boot.SpringApplication;

/**
 * The example run on your machine with DynamoDB Local in the JVM, the development service keypath's tests use:
 * {@code ./mvnw -f examples/pom.xml spring-boot:test-run} (after {@code ./mvnw -q install -DskipTests}). The
 * application itself ({@link SocialApplication}) is configured as for production; only this run adds the engine.
 */
public class TestSocialApplication {
    /** Starts the API on port 8080 (or {@code --server.port=…}) on a fresh in-memory engine. */
    public static void main(String[] args) {
        run(args);
    }

    /** Starts it and hands back the running application, for tests. */
    static SpringApplication.Running run(String... args) {
        return SpringApplication.from(SocialApplication::main).with(KeyPathDevelopmentEngine.class).run(args);
    }
}
