package dev.keypath.examples.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Entry point of the Spring Boot example, configured as for production (DynamoDB in the region the AWS SDK finds).
 * On your machine, {@code ./mvnw -f examples/pom.xml spring-boot:test-run} runs it on DynamoDB Local in the JVM
 * through {@code TestSocialApplication}, Spring Boot's convention for development services.
 */
@SpringBootApplication
public class SocialApplication {
    /** Starts the REST API on port 8080 (or {@code --server.port=…}). */
    public static void main(String[] args) {
        SpringApplication.run(SocialApplication.class, args);
    }
}
