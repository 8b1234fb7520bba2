package dev.keypath.spring.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Imports keypath's auto-configuration and repository detection into a test, with Jackson's, the transaction
 * auto-configuration and Testcontainers' service connections when they are on the classpath (the list is
 * {@code META-INF/spring/dev.keypath.spring.test.AutoConfigureKeyPathDynamo.imports}). {@link KeyPathDynamoTest}
 * carries it; add it to another slice to have keypath there too.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigureKeyPathDynamo {
}
