package dev.keypath.spring.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.data.domain.Sort;

/**
 * Declares the key-path query of a repository method, for what a derived method name cannot say. The query reads
 * either the subtree under {@link #value()} or the range between {@link #from()} and {@link #to()}, on the table
 * or on a secondary index, in key order or reversed, optionally filtered. Variables ({@code {name}}) and filter
 * values ({@code :name}) are bound to the method's parameters by name ({@code @Param("name")}, or the parameter's
 * own name when compiled with {@code -parameters}).
 *
 * <pre>{@code
 * @KeyPathQuery("/user-{userId}/post")                                          // every post of a user
 * List<Post> posts(UUID userId);
 *
 * @KeyPathQuery(from = "/user-{userId}/post-{first}", to = "/user-{userId}/post-{last}", order = Sort.Direction.DESC)
 * Slice<Post> postsBetween(UUID userId, long first, long last, Pageable page);
 *
 * @KeyPathQuery(value = "/tag-{tag}/post", index = "gsi1", filter = "#draft = :draft")
 * Stream<Post> tagged(String tag, boolean draft);
 * }</pre>
 *
 * <p>Checked when the repository is created: a template that does not parse, a variable or filter value without a
 * parameter, a parameter used nowhere, a path that the repository's type (or the index's key path) cannot have,
 * or {@code value} together with {@code from}/{@code to}, fails the application's startup naming the method.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface KeyPathQuery {
    /** The key-path template of the subtree to read, e.g. {@code /user-{userId}/post}; empty for a range. */
    String value() default "";

    /** The template of the range's first key path (inclusive); with {@link #to()}, instead of {@link #value()}. */
    String from() default "";

    /** The template of the range's last key path (inclusive). */
    String to() default "";

    /** The secondary index ({@code @SecondaryKeyPath(index = …)}) the templates address; empty for the table. */
    String index() default "";

    /** Key order ({@code ASC}) or reversed ({@code DESC}); a {@code Sort} or {@code Pageable} argument overrides it. */
    Sort.Direction order() default Sort.Direction.ASC;

    /**
     * A DynamoDB filter expression applied to the items of the key range, e.g. {@code #title = :title}:
     * {@code #attr} stands for the attribute {@code attr}, {@code :param} for the method parameter {@code param}.
     * DynamoDB still reads, and bills, the items a filter drops.
     */
    String filter() default "";
}
