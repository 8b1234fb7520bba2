package dev.keypath.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field that {@link KeyPathDynamoDb} fills before each test by its type: {@link
 * dev.keypath.dynamodb.KeyPathTable}, {@link dev.keypath.dynamodb.KeyPathAsyncTable}, {@link
 * software.amazon.awssdk.services.dynamodb.DynamoDbClient}, {@link
 * software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient}, {@link TestDynamoDb} or {@link java.net.URI} (the
 * endpoint). Static fields are filled before {@code @BeforeAll}, except tables with {@link TablePer#METHOD}, which
 * exist only per test. A field of another type is an error that names it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Injected {
}
