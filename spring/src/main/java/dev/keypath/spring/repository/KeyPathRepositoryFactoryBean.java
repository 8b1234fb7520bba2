package dev.keypath.spring.repository;

import dev.keypath.KeyPath;
import dev.keypath.spring.KeyPathDynamoOperations;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.util.Assert;

/**
 * Creates one key-path repository proxy; registered per repository interface by
 * {@link EnableKeyPathRepositories} or the Boot auto-configuration. Configured once by the container, then
 * thread-safe.
 *
 * @param <T> the repository interface
 * @param <S> the item type
 */
public class KeyPathRepositoryFactoryBean<T extends Repository<S, KeyPath>, S>
        extends RepositoryFactoryBeanSupport<T, S, KeyPath> {
    private KeyPathDynamoOperations operations;

    /** Creates the factory bean for {@code repositoryInterface}. */
    public KeyPathRepositoryFactoryBean(Class<? extends T> repositoryInterface) {
        super(repositoryInterface);
    }

    /** The operations the repository uses (required). */
    public void setKeyPathOperations(KeyPathDynamoOperations operations) {
        this.operations = operations;
    }

    @Override
    public void afterPropertiesSet() {
        Assert.state(operations != null, "KeyPathDynamoOperations must be set");
        super.afterPropertiesSet();
    }

    @Override
    protected RepositoryFactorySupport createRepositoryFactory() {
        return new KeyPathRepositoryFactory(operations);
    }
}
