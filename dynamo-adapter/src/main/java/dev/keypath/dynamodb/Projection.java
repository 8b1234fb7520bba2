package dev.keypath.dynamodb;

import java.util.Objects;

/**
 * A smaller view of one registered item type, read with a {@code ProjectionExpression} so that only the
 * attributes the view needs leave DynamoDB. The view is a record, a class Jackson can build, or an interface of
 * getters; each of its properties names what it reads:
 * <ul>
 *   <li>a property of the item type (by the name the item type stores it under): that attribute;</li>
 *   <li>a key field of the item type: its value, taken from the item's key path (always read);</li>
 *   <li>a property of type {@link dev.keypath.KeyPath}, whatever its name: the item's key path.</li>
 * </ul>
 * A view property that is none of these is an {@link InvalidProjectionException} naming it, thrown when the
 * projection is first used with a table, before any request. A view property whose attribute an item lacks is
 * null (or 0, false for primitives), as when the full item is read.
 *
 * <pre>{@code
 * record PostTitle(UUID userId, long postId, String title) {}
 * Projection<PostTitle> titles = Projection.of(Post.class, PostTitle.class);
 * Optional<PostTitle> one = table.get(titles, postPath);
 * Page<PostTitle> page = table.query(titles, ItemQuery.of(q -> q.subtree(userPath.then("post"))));
 * }</pre>
 *
 * <p>Reads with a projection keep every other rule of the full read: expired items are left out, an item of
 * another type at a key read by {@code get} is an {@link UnknownItemTypeException}, and a collection read hands
 * an unreadable item to the table's {@link UnreadableItemHandler}. A projection's result is never written back.
 *
 * <p>Immutable and thread-safe.
 *
 * @param itemType the registered item type read
 * @param viewType the class or interface built from its attributes
 * @param <T>      the view type
 */
public record Projection<T>(Class<?> itemType, Class<T> viewType) {
    /** Checks that both types are given. */
    public Projection {
        Objects.requireNonNull(itemType, "itemType");
        Objects.requireNonNull(viewType, "viewType");
    }

    /** The projection of {@code itemType}'s items onto {@code viewType}. */
    public static <T> Projection<T> of(Class<?> itemType, Class<T> viewType) {
        return new Projection<>(itemType, viewType);
    }
}
