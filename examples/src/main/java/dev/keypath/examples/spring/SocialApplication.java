package dev.keypath.examples.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Entry point of the Spring Boot example; with the default {@code application.properties} it runs on an
 * embedded DynamoDB Local, so {@code mvn -f examples/pom.xml spring-boot:run} is all it takes.
 */
@SpringBootApplication
public class SocialApplication {
    /** Starts the REST API on port 8080 (or {@code --server.port=…}). */
    public static void main(String[] args) {
        SpringApplication.run(SocialApplication.class, args);
    }
}
