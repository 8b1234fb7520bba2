/**
 * Testcontainers support: {@code @ServiceConnection} on a LocalStack container connects keypath's auto-configured
 * client to it, with no {@code keypath.dynamodb.*} connection properties. Needs
 * {@code org.springframework.boot:spring-boot-testcontainers} and {@code org.testcontainers:testcontainers-localstack}
 * on the test classpath.
 */
package dev.keypath.spring.testcontainers;
