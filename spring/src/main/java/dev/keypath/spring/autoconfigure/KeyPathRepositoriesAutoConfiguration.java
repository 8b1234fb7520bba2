package dev.keypath.spring.autoconfigure;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.spring.repository.KeyPathRepository;
import dev.keypath.spring.repository.KeyPathRepositoryFactoryBean;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Import;

/**
 * Detects {@link KeyPathRepository} interfaces in the application's packages, as if the application class were
 * annotated with {@link dev.keypath.spring.repository.EnableKeyPathRepositories}. Backs off when the application
 * enables repositories itself or sets {@code keypath.dynamodb.repositories.enabled=false}.
 */
@AutoConfiguration(after = KeyPathDynamoAutoConfiguration.class)
@ConditionalOnClass(KeyPathRepository.class)
@ConditionalOnBean(KeyPathTable.class)
@ConditionalOnMissingBean(KeyPathRepositoryFactoryBean.class)
@ConditionalOnBooleanProperty(name = KeyPathDynamoProperties.PREFIX + ".repositories.enabled", matchIfMissing = true)
@Import(AutoConfiguredKeyPathRepositoriesRegistrar.class)
public class KeyPathRepositoriesAutoConfiguration {
}
