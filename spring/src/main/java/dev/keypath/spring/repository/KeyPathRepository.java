package dev.keypath.spring.repository;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.data.repository.NoRepositoryBean;
import org.springframework.data.repository.Repository;

/**
 * Base interface of key-path repositories: one item type, identified by its {@link dev.keypath.KeyPath}.
 *
 * <pre>{@code
 * interface PostRepository extends KeyPathRepository<Post, KeyPath> {
 *     List<Post> findByUserId(UUID userId);                         // every post of a user (prefix)
 *     List<Post> findByUserIdAndPostIdBetween(UUID u, long a, long b); // a range of posts
 *     Slice<Post> findByUserIdOrderByPostIdDesc(UUID u, Pageable p);   // newest first, paged by token
 *     List<Post> findByUserIdAndDraftFalse(UUID u);                   // prefix, filtered in DynamoDB
 * }
 * }</pre>
 *
 * <p>Unlike {@code CrudRepository} there is no {@code findAll()}, {@code count()} or {@code deleteAll()}: they
 * would scan the whole table, which holds every entity of the application. {@link #scanAll(int)} does that scan
 * when a job needs it, under a name that says so. Query methods are derived from
 * their names and must map to one key-path query, whose items conditions on other properties filter (see
 * {@link EnableKeyPathRepositories}).
 *
 * <p>Writes join the current unit of work, if any ({@code @Transactional} with
 * {@link dev.keypath.spring.KeyPathTransactionManager}, or {@link dev.keypath.spring.KeyPathTransactions}),
 * and then return their argument unchanged. Failures are Spring
 * {@link org.springframework.dao.DataAccessException}s. Repository proxies are thread-safe.
 *
 * @param <T>  the item type, annotated with {@link dev.keypath.dynamodb.annotation.ItemType}
 * @param <ID> must be {@link dev.keypath.KeyPath}
 */
@NoRepositoryBean
public interface KeyPathRepository<T, ID> extends Repository<T, ID> {

    /**
     * Writes the item whether or not it exists ({@code PutItem}); versioned types are version-checked.
     *
     * @param entity required
     * @return the stored item, with generated ids and new version
     * @throws org.springframework.dao.OptimisticLockingFailureException on a version conflict
     */
    <S extends T> S save(S entity);

    /** Saves each item in turn (one {@code PutItem} each, not atomic). @see #save */
    <S extends T> List<S> saveAll(Iterable<S> entities);

    /**
     * Writes the item only if none exists at its key path.
     *
     * @throws org.springframework.dao.DuplicateKeyException if one exists
     */
    <S extends T> S insert(S entity);

    /**
     * Every item of this type in the table, read lazily by a {@code Scan} filtered on the type in DynamoDB (which
     * reads, and bills, every item of the table, whatever its type): for jobs such as re-indexing or exports, not
     * for requests. Items of this type that cannot be read follow the table's unreadable-item policy.
     *
     * @param totalSegments 1 for one sequential scan; more to scan that many segments in parallel (a parallel stream)
     */
    Stream<T> scanAll(int totalSegments);

    /**
     * Reads the item at {@code id} ({@code GetItem} at the table's read consistency, eventual unless
     * {@code keypath.dynamodb.read-consistency=strong}; strongly consistent inside a unit of work); {@code id}
     * required.
     */
    Optional<T> findById(ID id);

    /** Whether an item of this type exists at {@code id}. */
    boolean existsById(ID id);

    /** Reads the items at {@code ids} ({@code BatchGetItem}); absent ones are skipped. */
    List<T> findAllById(Iterable<ID> ids);

    /** Deletes the item at {@code id} without version check; absent items are ignored. */
    void deleteById(ID id);

    /**
     * Deletes {@code entity}; for versioned types only if the stored version equals the entity's.
     *
     * @throws org.springframework.dao.OptimisticLockingFailureException on a version conflict
     */
    void delete(T entity);

    /** Deletes each entity in turn. @see #delete */
    void deleteAll(Iterable<? extends T> entities);

    /** Deletes the items at {@code ids}. @see #deleteById */
    void deleteAllById(Iterable<? extends ID> ids);
}
