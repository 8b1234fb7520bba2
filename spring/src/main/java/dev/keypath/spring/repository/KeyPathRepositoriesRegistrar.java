package dev.keypath.spring.repository;

import java.lang.annotation.Annotation;
import org.springframework.data.repository.config.RepositoryBeanDefinitionRegistrarSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/** Registers the repositories requested by {@link EnableKeyPathRepositories}. Stateless. */
final class KeyPathRepositoriesRegistrar extends RepositoryBeanDefinitionRegistrarSupport {
    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableKeyPathRepositories.class;
    }

    @Override
    protected RepositoryConfigurationExtension getExtension() {
        return new KeyPathRepositoryConfigurationExtension();
    }
}
