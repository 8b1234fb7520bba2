/**
 * Test support for applications: the {@link dev.keypath.spring.test.KeyPathDynamoTest} slice, which starts only
 * keypath's auto-configuration and repositories. Needs {@code org.springframework.boot:spring-boot-test-autoconfigure}
 * (from {@code spring-boot-starter-test}) on the test classpath.
 */
package dev.keypath.spring.test;
