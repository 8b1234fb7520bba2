package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Spreads the partition of an item type over {@link #count()} physical partitions, its <em>shards</em>, so that a
 * hot parent (today's events, a popular user) is not held to one DynamoDB partition's 1,000 write and 3,000 read
 * units a second. Only the stored partition key changes (docs/FORMAT.md, section 14); key paths, queries and pages
 * read as if the type were not sharded.
 *
 * <p><b>Calculated</b> ({@code by}): the shard of an item is calculated from the ids named by template variables of
 * the type's key path, e.g. {@code @Sharded(count = 16, by = "eventId")} on {@code /day-{day}/event-{eventId}}. A
 * read or write of one item by key path goes straight to its shard, so every operation works as on an unsharded
 * type. At least one named id must be below the first element: the first element's own ids are the same for every
 * item of the partition and would put them all in one shard.
 *
 * <p><b>Random</b> ({@code random = true}): each put draws its shard at random, for append-only data read back by
 * queries. A random shard cannot be found again from the key path alone, so reads and writes of one item by key
 * path (get, update, delete, condition checks, puts that expect an item or its absence) are refused with a
 * {@link dev.keypath.dynamodb.RandomShardException}; read such items with a query, remove them with
 * {@code deleteSubtree} or a time to live. A random-sharded type may not have a {@link Version}, a
 * {@link UniqueKeyPath} or a sequence id, which all need the stored item by key. Since a second put of one key path
 * would land in another shard as a second item, the last id of its key path must be one keypath generates at each
 * put ({@link AutoId} {@code UUID_V7} or {@code UUID_V4}), and a put that brings its own value for it is refused
 * ({@link dev.keypath.dynamodb.RandomShardException}).
 *
 * <p>A query over a sharded parent reads every shard (and the unsharded partition when unsharded types share the
 * first element's namespace) and merges them in key order, with one page token. A bad declaration (a count outside
 * 1 to 65,536, an unknown variable, neither or both of {@code by} and {@code random}, a random shard without a
 * generated last id) is a {@link dev.keypath.dynamodb.ShardDeclarationException} when the type is registered.
 *
 * <p><b>Changing the count</b> ({@link #formerCount()}): {@code @Sharded(count = 16, by = "eventId",
 * formerCount = 4)} says that the type's items are being moved from 4 shards to 16; {@code formerCount = 1} says
 * that they are moved from one partition, the unsharded keys they were stored under before the type was sharded
 * (not shard 0 of a one-shard layout). The table's layout record (docs/FORMAT.md, section 12) holds the layout the
 * type is stored in and the re-shard under way: a declaration that contradicts it (a count changed without
 * {@code formerCount}, {@code @Sharded} added without {@code formerCount = 1} or removed, a {@code formerCount} of
 * another layout) is refused with a {@link dev.keypath.dynamodb.TableLayoutMismatchException}. While the re-shard is
 * declared the table reads both layouts (a point read looks in the item's new shard, then its former one, then the
 * new one again; a query reads the shards of both and merges them, each item once), and writes the former layout
 * until {@code keypath migrate reshard} announces the switch in the record; from the switch on it writes the new
 * layout, a write by key path first moving its item there. The run then moves the rest and records the re-shard as
 * finished; remove {@code formerCount} after it. Moving back to one partition ({@code count = 1} with a
 * {@code formerCount}) is not supported. docs/HOT-PARTITIONS.md gives the steps of a rolling deploy.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Sharded {
    /** The number of shards, 1 to 65,536. */
    int count();

    /** The key path template variables the shard is calculated from, in hash order; empty for a random shard. */
    String[] by() default {};

    /** True to draw each put's shard at random (append-only data); then {@link #by()} must be empty. */
    boolean random() default false;

    /**
     * The shard count the stored items are being moved from while a re-shard runs (1 to 65,536, not
     * {@link #count()}; 1 for the unsharded keys of a type stored before it was sharded); 0 (the default) when no
     * re-shard runs.
     */
    int formerCount() default 0;
}
