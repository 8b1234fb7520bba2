package dev.keypath.spring.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the access pattern a repository query method serves, as the table's {@code OperationReport}s, the
 * {@code /actuator/keypath} endpoint and any {@code OperationListener} see it. Without it, a query method's pattern is
 * named after the method: {@code PostRepository.findByUserId}. Derived and {@link KeyPathQuery} methods may carry it;
 * methods that read or write one item by key keep the names of those operations ({@code Post.get},
 * {@code User.getByAlias}).
 *
 * <pre>{@code
 * @AccessPattern("timeline")
 * Slice<Post> findByUserIdOrderByPostIdDesc(UUID userId, Pageable page);
 * }</pre>
 *
 * <p>Checked when the repository is created: a blank name, or the annotation on a method that reads one item by a
 * unique key path, fails the application's startup naming the method.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AccessPattern {
    /** The access pattern's name, e.g. {@code timeline}; keep it free of ids, it is a metric tag. */
    String value();
}
