package dev.keypath.spring.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Import;
import org.springframework.data.repository.config.BootstrapMode;
import org.springframework.data.repository.config.DefaultRepositoryBaseClass;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.QueryLookupStrategy.Key;

/**
 * Finds interfaces extending {@link KeyPathRepository} in the given packages (default: the annotated class's
 * package) and registers a repository bean for each. Spring Boot applications do not need it: the starter
 * auto-detects repositories in the application's packages.
 *
 * <p>Query methods are derived from their names and must map to one key-path query, checked at startup:
 * equality ({@code findByUserId}) on the leading variables of the type's key-path template gives a prefix
 * query; then {@code Between}, {@code GreaterThan(Equal)}, {@code LessThan(Equal)}, {@code Before} or
 * {@code After} on the next variable (the template's last) gives a range; conditions on other properties
 * become a filter that DynamoDB applies to the items of that range; {@code OrderBy} that variable
 * {@code Asc}/{@code Desc} sets the order; {@code Top}/{@code First} limit; a {@code Pageable} parameter with a
 * {@code Slice} return type pages by token ({@link KeyPathPageRequest}). The same rules apply to the key paths of
 * {@link dev.keypath.dynamodb.annotation.SecondaryKeyPath} (queried on their index). Return
 * {@link dev.keypath.spring.ItemCollection} (or {@code List<Object>}) to get every item under the prefix,
 * whatever its type. {@code countBy…} and {@code existsBy…} are counted by DynamoDB ({@code Select=COUNT}): the
 * key range is read and billed as by a query, but no item is transferred or mapped, and {@code existsBy…} stops
 * at the first match. Anything else fails at startup with an
 * {@link org.springframework.dao.InvalidDataAccessApiUsageException} saying why and what would work.
 *
 * <p>The repositories use the {@link dev.keypath.spring.KeyPathDynamoOperations} bean named by
 * {@link #keyPathOperationsRef()}; if no bean has that name, a {@link dev.keypath.spring.DefaultKeyPathDynamoOperations}
 * over the context's {@link dev.keypath.dynamodb.KeyPathTable} is registered under it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(KeyPathRepositoriesRegistrar.class)
public @interface EnableKeyPathRepositories {

    /** Alias of {@link #basePackages()}. */
    String[] value() default {};

    /** Packages to scan for repository interfaces. */
    String[] basePackages() default {};

    /** Classes whose packages are scanned. */
    Class<?>[] basePackageClasses() default {};

    /** Which candidates to include. */
    Filter[] includeFilters() default {};

    /** Which candidates to exclude. */
    Filter[] excludeFilters() default {};

    /** Postfix of custom implementation classes. */
    String repositoryImplementationPostfix() default "Impl";

    /** Unused by key-path repositories (they have no named queries); kept for Spring Data's configuration. */
    String namedQueriesLocation() default "";

    /** Only {@code CREATE} and {@code CREATE_IF_NOT_FOUND} make sense: there are no declared queries. */
    Key queryLookupStrategy() default QueryLookupStrategy.Key.CREATE_IF_NOT_FOUND;

    /** The factory bean class creating each repository. */
    Class<?> repositoryFactoryBeanClass() default KeyPathRepositoryFactoryBean.class;

    /** Unused: key-path repositories always use their own implementation. */
    Class<?> repositoryBaseClass() default DefaultRepositoryBaseClass.class;

    /** Whether nested repository interfaces are considered. */
    boolean considerNestedRepositories() default false;

    /** When repositories are created. */
    BootstrapMode bootstrapMode() default BootstrapMode.DEFAULT;

    /** Name of the {@link dev.keypath.spring.KeyPathDynamoOperations} bean used by the repositories. */
    String keyPathOperationsRef() default KeyPathRepositoryConfigurationExtension.DEFAULT_OPERATIONS_BEAN;
}
