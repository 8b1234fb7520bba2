package dev.keypath.spring.auditing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Import;

/**
 * Turns on Spring Data auditing of keypath items: on every save and insert through
 * {@link dev.keypath.spring.KeyPathDynamoOperations} and the repositories, {@code @CreatedDate} and
 * {@code @CreatedBy} are set on new items, and {@code @LastModifiedDate} and {@code @LastModifiedBy} on every
 * item. An item is new when its {@code @Version} is unset, or, without a version, while its {@code @CreatedDate} is
 * unset. The auditor comes from the application's {@link org.springframework.data.domain.AuditorAware} bean. Put it
 * on a {@code @Configuration} class:
 * <pre>{@code
 * @EnableKeyPathAuditing
 * @SpringBootApplication
 * class App { @Bean AuditorAware<String> auditor() { return () -> Optional.of(currentUser()); } }
 * }</pre>
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Import(KeyPathAuditingRegistrar.class)
public @interface EnableKeyPathAuditing {
    /** The name of the {@link org.springframework.data.domain.AuditorAware} bean; empty to find the one by type. */
    String auditorAwareRef() default "";

    /** Whether creation and modification dates are set. */
    boolean setDates() default true;

    /** Whether a new item also gets its modification date and auditor. */
    boolean modifyOnCreate() default true;

    /** The name of the {@link org.springframework.data.auditing.DateTimeProvider} bean; empty for the system clock. */
    String dateTimeProviderRef() default "";
}
