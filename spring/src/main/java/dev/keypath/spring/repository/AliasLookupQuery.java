package dev.keypath.spring.repository;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.spring.KeyPathDynamoOperations;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * A derived finder that names exactly the variables of one of the type's alternate key paths
 * ({@link UniqueKeyPath}) by equality and returns at most one item, such as {@code Optional<User> findByEmail(String
 * email)} for {@code @UniqueKeyPath("/email-{email}")}, or asks whether one exists ({@code existsByEmail}):
 * answered by the alias lookup ({@link KeyPathDynamoOperations#findByAlias}), one strongly consistent read of the
 * alias and one of the item, instead of a query. Immutable.
 */
final class AliasLookupQuery implements RepositoryQuery {
    private final QueryMethod method;
    private final Class<?> domainType;
    private final KeyPathTemplate template;
    /** The template variable each bindable argument gives, in argument order. */
    private final List<String> variables;
    /** True for {@code existsBy…}: whether an item holds the alias. */
    private final boolean exists;
    private final KeyPathDynamoOperations operations;

    private AliasLookupQuery(QueryMethod method, Class<?> domainType, KeyPathTemplate template, List<String> variables,
                             boolean exists, KeyPathDynamoOperations operations) {
        this.method = method;
        this.exists = exists;
        this.domainType = domainType;
        this.template = template;
        this.variables = variables;
        this.operations = operations;
    }

    /** The alias lookup {@code method} is, or null when it is not one (then it is planned as a query). */
    static AliasLookupQuery of(QueryMethod method, PartTree tree, Class<?> domainType,
                               KeyPathDynamoOperations operations) {
        if (!tree.hasPredicate() || tree.isDelete() || tree.isCountProjection() || tree.isDistinct()
                || tree.isLimiting() || tree.stream().count() != 1 || tree.getSort().isSorted()
                || method.isCollectionQuery() || method.isPageQuery() || method.isSliceQuery()
                || method.isStreamQuery()
                || !(tree.isExistsProjection() || domainType.isAssignableFrom(method.getReturnedObjectType()))) {
            return null;
        }
        List<String> named = new ArrayList<>();
        for (Part part : tree.getParts()) {
            if (part.getType() != Part.Type.SIMPLE_PROPERTY || part.shouldIgnoreCase() != Part.IgnoreCaseType.NEVER
                    || part.getProperty().hasNext()) {
                return null;
            }
            named.add(part.getProperty().getSegment());
        }
        Set<String> names = new HashSet<>(named);
        for (UniqueKeyPath unique : domainType.getAnnotationsByType(UniqueKeyPath.class)) {
            KeyPathTemplate t = KeyPathTemplate.parse(unique.value());
            if (names.size() == named.size() && names.equals(new HashSet<>(t.variables()))) {
                return new AliasLookupQuery(method, domainType, t, named, tree.isExistsProjection(), operations);
            }
        }
        return null;
    }

    @Override
    public Object execute(Object[] parameters) {
        ParametersParameterAccessor args = new ParametersParameterAccessor(method.getParameters(), parameters);
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < variables.size(); i++) {
            Object value = args.getBindableValue(i);
            if (value == null) {
                return exists ? Boolean.FALSE : null; // no item holds an alternate key path with a null id
            }
            values.put(variables.get(i), value);
        }
        KeyPath alias;
        try {
            alias = template.bind(values);
        } catch (IllegalArgumentException e) {
            throw new InvalidDataAccessApiUsageException(method.getName() + ": " + e.getMessage(), e);
        }
        var found = operations.findByAlias(domainType, alias);
        return exists ? (Object) found.isPresent() : found.orElse(null);
    }

    @Override
    public QueryMethod getQueryMethod() {
        return method;
    }
}
