package dev.keypath.spring.repository;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.spring.KeyPathDynamoOperations;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.util.Assert;

/**
 * The implementation behind every {@link KeyPathRepository} proxy: each method is one call on
 * {@link KeyPathDynamoOperations}. Public only because Spring Data invokes it reflectively; not meant to be
 * used directly. Thread-safe.
 *
 * @param <T> the item type
 */
public class SimpleKeyPathRepository<T> implements KeyPathRepository<T, KeyPath> {
    private final Class<T> type;
    private final KeyPathDynamoOperations operations;

    SimpleKeyPathRepository(Class<T> type, KeyPathDynamoOperations operations) {
        this.type = type;
        this.operations = operations;
    }

    @Override
    public <S extends T> S save(S entity) {
        Assert.notNull(entity, "entity must not be null");
        return operations.save(entity);
    }

    @Override
    public <S extends T> List<S> saveAll(Iterable<S> entities) {
        Assert.notNull(entities, "entities must not be null");
        List<S> saved = new ArrayList<>();
        for (S entity : entities) {
            saved.add(save(entity));
        }
        return saved;
    }

    @Override
    public <S extends T> S insert(S entity) {
        Assert.notNull(entity, "entity must not be null");
        return operations.insert(entity);
    }

    @Override
    public Optional<T> findById(KeyPath id) {
        Assert.notNull(id, "id must not be null");
        return operations.findById(type, id);
    }

    @Override
    public boolean existsById(KeyPath id) {
        Assert.notNull(id, "id must not be null");
        return operations.existsById(type, id);
    }

    @Override
    public List<T> findAllById(Iterable<KeyPath> ids) {
        Assert.notNull(ids, "ids must not be null");
        List<KeyPath> list = new ArrayList<>();
        ids.forEach(list::add);
        return operations.findAllById(type, list);
    }

    @Override
    public Stream<T> scanAll(int totalSegments) {
        Assert.isTrue(totalSegments >= 1, "totalSegments must be at least 1");
        ItemScan scan = ItemScan.of(s -> s.types(type));
        return operations.execute(table -> totalSegments == 1 ? table.stream(scan)
                : table.scanInParallel(scan, totalSegments)).map(type::cast);
    }

    @Override
    public void deleteById(KeyPath id) {
        Assert.notNull(id, "id must not be null");
        operations.deleteById(type, id);
    }

    @Override
    public void delete(T entity) {
        Assert.notNull(entity, "entity must not be null");
        operations.delete(entity);
    }

    @Override
    public void deleteAll(Iterable<? extends T> entities) {
        Assert.notNull(entities, "entities must not be null");
        entities.forEach(this::delete);
    }

    @Override
    public void deleteAllById(Iterable<? extends KeyPath> ids) {
        Assert.notNull(ids, "ids must not be null");
        ids.forEach(this::deleteById);
    }
}
