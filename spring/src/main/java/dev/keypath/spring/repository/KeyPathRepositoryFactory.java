package dev.keypath.spring.repository;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.spring.KeyPathDynamoOperations;
import java.util.Optional;
import org.springframework.data.repository.core.EntityInformation;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/**
 * Creates key-path repositories: checks that the id type is {@link KeyPath} and the item type is registered
 * with the table, instantiates {@link SimpleKeyPathRepository} directly (no reflection) and derives query
 * methods with {@link KeyPathQueryLookupStrategy}. Thread-safe once configured.
 */
final class KeyPathRepositoryFactory extends RepositoryFactorySupport {
    private final KeyPathDynamoOperations operations;

    KeyPathRepositoryFactory(KeyPathDynamoOperations operations) {
        this.operations = operations;
    }

    @Override
    public EntityInformation<?, ?> getEntityInformation(RepositoryMetadata metadata) {
        return new KeyPathEntityInformation<>(metadata.getDomainType(), operations.table());
    }

    @Override
    protected void validate(RepositoryMetadata metadata) {
        String repo = metadata.getRepositoryInterface().getSimpleName();
        if (metadata.getIdType() != KeyPath.class) {
            throw new InvalidQueryMethodException(repo, "the id type must be " + KeyPath.class.getName()
                    + ", not " + metadata.getIdType().getName() + "; declare KeyPathRepository<"
                    + metadata.getDomainType().getSimpleName() + ", KeyPath>", null);
        }
        try {
            operations.table().schema(metadata.getDomainType());
        } catch (UnknownItemTypeException e) {
            throw new InvalidQueryMethodException(repo, metadata.getDomainType().getName()
                    + " is not registered with the key-path table; annotate it with @ItemType and put it in a "
                    + "scanned package (keypath.dynamodb.item-type-packages) or register it with the table builder", e);
        }
        super.validate(metadata);
    }

    @Override
    protected Object getTargetRepository(RepositoryInformation information) {
        return new SimpleKeyPathRepository<>(information.getDomainType(), operations);
    }

    @Override
    protected Class<?> getRepositoryBaseClass(RepositoryMetadata metadata) {
        return SimpleKeyPathRepository.class;
    }

    @Override
    protected Optional<QueryLookupStrategy> getQueryLookupStrategy(QueryLookupStrategy.Key key,
            ValueExpressionDelegate valueExpressionDelegate) {
        return Optional.of(new KeyPathQueryLookupStrategy(operations));
    }
}
