package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a second key path for an item type, stored in a secondary index.
 *
 * <p>Example: {@code @SecondaryKeyPath(index = "gsi1", keyPath = "/tag-{tag}/post-{postId}")}. The template's
 * variables name fields of the type (key fields or ordinary ones). An item whose secondary key variables are
 * {@code null} is simply not in the index (a sparse index).
 *
 * <p><b>Global</b> (the default): the index's key attributes are {@code <index>_pk} and {@code <index>_sk}, both
 * binary; the table bootstrapper creates the index, also on an existing table. Reads of a global index are
 * eventually consistent.
 *
 * <p><b>Local</b> ({@code local = true}): a second sort order inside the item's own partition, e.g.
 * {@code @SecondaryKeyPath(index = "byDate", keyPath = "/user-{userId}/date-{createdAt}", local = true)} on a
 * type whose key path is {@code /user-{userId}/post-{postId}}. The template's first element must be the item's
 * partition element (same namespace and variable), because a local index shares the table's partition key
 * {@code pk}; its sort key attribute is {@code <index>_sk}. Local indexes can be created only with the table: the
 * bootstrapper creates them when it creates the table and refuses an existing table that lacks one
 * ({@code TableSchemaMismatchException}). Queries of a local index may be strongly consistent. DynamoDB limits a
 * table with local indexes to 10 GB per partition.
 *
 * <p>{@link #projection()} chooses what the index holds besides keys; every type that declares the same index
 * must declare the same {@code local} and projection.
 *
 * <p><b>Sharded</b> ({@link #sharded()}, global indexes only): spreads the index's partition {@code <index>_pk}
 * over shards, for an index key that many items share, such as the status of open orders:
 * {@code @SecondaryKeyPath(index = "byStatus", keyPath = "/status-{status}/order-{orderId}",
 * sharded = @Sharded(count = 16, by = "orderId"))}. As on a type ({@link Sharded}), the shard is calculated from
 * the named variables of this index's key path, at least one below its first element, or drawn at random at each
 * write ({@code random = true}: an index is never read by key, so a random shard costs nothing here). A query of
 * the index reads every shard and merges them in the index's key order, with one page token; items with equal
 * index keys come shard by shard. A bad declaration is a {@link dev.keypath.dynamodb.ShardDeclarationException}
 * when the type is registered.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(SecondaryKeyPaths.class)
public @interface SecondaryKeyPath {
    /** Index name, e.g. {@code "gsi1"}; letters, digits and {@code _ - .}, 3 to 200 characters. */
    String index();

    /** Key-path template whose variables are fields of the annotated type. */
    String keyPath();

    /** True for a local secondary index (same partition, created with the table only). */
    boolean local() default false;

    /** The attributes the index holds besides its keys; {@link IndexProjection#ALL} by default. */
    IndexProjection projection() default IndexProjection.ALL;

    /**
     * With {@link IndexProjection#INCLUDE}: the attributes to hold, named as they are stored (the field name, or
     * the name Jackson gives it); not allowed with the other projections.
     */
    String[] include() default {};

    /**
     * How the index's partition is spread over shards: none (the default), or one {@link Sharded} whose
     * {@code by} names variables of {@link #keyPath()}; not allowed on a local index, which shares the item's
     * partition.
     */
    Sharded[] sharded() default {};
}
