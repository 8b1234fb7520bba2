package dev.keypath.spring.autoconfigure;

import dev.keypath.spring.repository.EnableKeyPathRepositories;
import dev.keypath.spring.repository.KeyPathRepositoryConfigurationExtension;
import java.lang.annotation.Annotation;
import org.springframework.boot.autoconfigure.data.AbstractRepositoryConfigurationSourceSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/** Registers the repositories of the auto-configuration packages. Used once at startup. */
final class AutoConfiguredKeyPathRepositoriesRegistrar extends AbstractRepositoryConfigurationSourceSupport {
    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableKeyPathRepositories.class;
    }

    @Override
    protected Class<?> getConfiguration() {
        return EnableKeyPathRepositoriesConfiguration.class;
    }

    @Override
    protected RepositoryConfigurationExtension getRepositoryConfigurationExtension() {
        return new KeyPathRepositoryConfigurationExtension();
    }

    @EnableKeyPathRepositories
    private static final class EnableKeyPathRepositoriesConfiguration {
    }
}
