package dev.keypath.spring.repository;

import dev.keypath.KeyPathTemplate;
import dev.keypath.spring.KeyPathDynamoOperations;
import java.lang.reflect.Method;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.DefaultParameters;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * Plans every query method while the repository is created, so unsupported methods fail then: a method with
 * {@link KeyPathQuery} with {@link DeclaredQueryPlanner}, any other from its name ({@link PartTree}) with
 * {@link DerivedQueryPlanner}. Each method's queries are named after it, or its
 * {@link AccessPattern} ({@link AccessPatternNames}). Thread-safe.
 */
final class KeyPathQueryLookupStrategy implements QueryLookupStrategy {
    private final KeyPathDynamoOperations operations;

    KeyPathQueryLookupStrategy(KeyPathDynamoOperations operations) {
        this.operations = operations;
    }

    @Override
    public RepositoryQuery resolveQuery(Method method, RepositoryMetadata metadata, ProjectionFactory factory,
            NamedQueries namedQueries) {
        QueryMethod queryMethod = new QueryMethod(method, metadata, factory, DefaultParameters::new);
        Class<?> domainType = metadata.getDomainType();
        KeyPathTemplate template = operations.table().schema(domainType).keyPathTemplate();
        String repository = metadata.getRepositoryInterface().getSimpleName();
        String accessPattern = AccessPatternNames.of(repository, method);
        KeyPathQuery declared = method.getAnnotation(KeyPathQuery.class);
        if (declared != null) {
            DeclaredQueryPlan plan = new DeclaredQueryPlanner(repository, declared, method, queryMethod, domainType,
                    template).create();
            return new KeyPathDeclaredQuery(queryMethod, plan, operations, accessPattern);
        }
        PartTree tree = new PartTree(method.getName(), domainType);
        AliasLookupQuery alias = AliasLookupQuery.of(queryMethod, tree, domainType, operations);
        if (alias != null) {
            AccessPatternNames.refuseOnSingleItemRead(repository, method,
                    domainType.getSimpleName() + ".getByAlias");
            return alias;
        }
        QueryPlan plan = new DerivedQueryPlanner(repository, method, queryMethod, tree, domainType, template)
                .create();
        return new KeyPathPartTreeQuery(queryMethod, plan, operations,
                QueryProjections.of(queryMethod, plan, operations.table()), accessPattern);
    }
}
