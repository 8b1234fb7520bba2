package dev.keypath.spring.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.autoconfigure.OverrideAutoConfiguration;
import org.springframework.boot.test.context.filter.annotation.TypeExcludeFilters;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * A test of an application's keypath layer alone: the application's {@code @SpringBootConfiguration} with only
 * keypath's auto-configuration ({@link AutoConfigureKeyPathDynamo}): the table with the application's item types,
 * {@code KeyPathDynamoOperations}, transactions and the {@code KeyPathRepository} interfaces; no web layer, no
 * services or other components (add them with {@link #includeFilters()} or {@code @Import}).
 *
 * <p>The engine: by default ({@link #embedded()}) DynamoDB Local in the test's JVM, which needs
 * {@code dev.keypath:keypath-dynamodb-local} on the test classpath; a {@code KeyPathDynamoConnectionDetails} bean
 * wins over it, such as a Testcontainers {@code LocalStackContainer} declared with {@code @ServiceConnection}.
 *
 * <pre>{@code
 * @KeyPathDynamoTest
 * class PostRepositoryTest {
 *     @Autowired PostRepository posts;
 *
 *     @Test
 *     void savesAndFinds() {
 *         Post saved = posts.save(new Post(userId, 0, "hello"));
 *         assertThat(posts.findById(KeyPath.of("user", userId).then("post", saved.postId()))).contains(saved);
 *     }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(KeyPathDynamoTestContextBootstrapper.class)
@ExtendWith(SpringExtension.class)
@OverrideAutoConfiguration(enabled = false)
@TypeExcludeFilters(KeyPathDynamoTypeExcludeFilter.class)
@AutoConfigureKeyPathDynamo
@ImportAutoConfiguration
public @interface KeyPathDynamoTest {
    /**
     * Properties ({@code key=value}) added to the test's environment before it starts, e.g.
     * {@code "keypath.dynamodb.strict-reads=true"}.
     */
    String[] properties() default {};

    /**
     * Whether the test runs on DynamoDB Local in its own JVM ({@code keypath.dynamodb.embedded=true}), unless a
     * {@code KeyPathDynamoConnectionDetails} bean points elsewhere. {@code false} uses the application's
     * {@code keypath.dynamodb.*} connection properties.
     */
    boolean embedded() default true;

    /** Whether the application's {@code @Component}s are scanned at all; the slice includes none of them by default. */
    boolean useDefaultFilters() default true;

    /** Components to add to the slice. */
    Filter[] includeFilters() default {};

    /** Components to leave out of the slice. */
    Filter[] excludeFilters() default {};

    /** Auto-configurations to leave out of the slice. */
    @AliasFor(annotation = ImportAutoConfiguration.class, attribute = "exclude")
    Class<?>[] excludeAutoConfiguration() default {};
}
