package dev.keypath.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a JUnit 5 test class against a real DynamoDB engine and hands it a fresh, bootstrapped key-path table with
 * the given item types. Fields marked {@link Injected} and parameters of constructors, lifecycle methods and tests
 * receive, by type: {@link dev.keypath.dynamodb.KeyPathTable}, {@link dev.keypath.dynamodb.KeyPathAsyncTable} (same
 * table, types and page-token secret), the engine's shared {@link
 * software.amazon.awssdk.services.dynamodb.DynamoDbClient} and {@link
 * software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient}, the {@link TestDynamoDb} engine and its endpoint
 * as a {@link java.net.URI}.
 *
 * <pre>{@code
 * @KeyPathDynamoDb(types = {User.class, Post.class})
 * class PostsTest {
 *     @Injected KeyPathTable table;
 *
 *     @Test
 *     void savesAPost() {
 *         Post saved = table.put(new Post(userId, 0, "hello"));
 *         assertThat(table.get(Post.class, table.keyPathOf(saved))).contains(saved);
 *     }
 * }
 * }</pre>
 *
 * <p>The engine is started once per JVM on first use (see {@link TestDynamoDb}); tables get unique names and are
 * deleted when their class (or test, with {@link TablePer#METHOD}) is done. {@code @Nested} classes share the table
 * of the enclosing class that carries the annotation, unless they carry one of their own.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(KeyPathDynamoDbExtension.class)
public @interface KeyPathDynamoDb {
    /** The item types ({@code @ItemType} classes) the table registers. */
    Class<?>[] types() default {};

    /** Whether the table is shared by the class's tests (the default) or made anew for each test. */
    TablePer tablePer() default TablePer.CLASS;

    /**
     * The engine; by default the one the system property {@value TestDynamoDb#ENGINE_PROPERTY} names, else an
     * external engine when an endpoint is given ({@value TestDynamoDb#ENDPOINT_PROPERTY}), else
     * DynamoDB Local.
     */
    EngineChoice engine() default EngineChoice.DEFAULT;

    /** Adjusts both tables before they are built (clock, JSON mapper, batch policy, strict reads…), in this order. */
    Class<? extends TableCustomizer>[] customizers() default {};
}
