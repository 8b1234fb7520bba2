package dev.keypath.spring.repository;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.spring.DefaultKeyPathDynamoOperations;
import java.lang.annotation.Annotation;
import java.util.Collection;
import java.util.List;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.data.repository.config.AnnotationRepositoryConfigurationSource;
import org.springframework.data.repository.config.RepositoryConfigurationExtensionSupport;
import org.springframework.data.repository.config.RepositoryConfigurationSource;

/**
 * Spring Data configuration of key-path repositories: names the factory bean, claims repositories of
 * {@link ItemType} types and {@link KeyPathRepository} interfaces, wires each repository to the operations bean
 * and registers a default {@link DefaultKeyPathDynamoOperations} when no bean has that name. Stateless and thread-safe.
 */
public class KeyPathRepositoryConfigurationExtension extends RepositoryConfigurationExtensionSupport {
    /** Bean name of the operations used when {@code keyPathOperationsRef} is not set. */
    public static final String DEFAULT_OPERATIONS_BEAN = "keyPathDynamoOperations";
    private static final String OPERATIONS_REF = "keyPathOperationsRef";

    @Override
    public String getModuleName() {
        return "KeyPath";
    }

    @Override
    public String getModuleIdentifier() {
        return "keypath";
    }

    /** Same as {@link #getModuleIdentifier()}; still abstract in Spring Data Commons 4.1. */
    @Override
    @SuppressWarnings("deprecation")
    protected String getModulePrefix() {
        return getModuleIdentifier();
    }

    @Override
    public String getRepositoryFactoryBeanClassName() {
        return KeyPathRepositoryFactoryBean.class.getName();
    }

    @Override
    protected Collection<Class<? extends Annotation>> getIdentifyingAnnotations() {
        return List.of(ItemType.class);
    }

    @Override
    protected Collection<Class<?>> getIdentifyingTypes() {
        return List.of(KeyPathRepository.class);
    }

    @Override
    public void registerBeansForRoot(BeanDefinitionRegistry registry, RepositoryConfigurationSource source) {
        super.registerBeansForRoot(registry, source);
        String name = source.getAttribute(OPERATIONS_REF).orElse(DEFAULT_OPERATIONS_BEAN);
        registerIfNotAlreadyRegistered(() -> {
            AbstractBeanDefinition definition = BeanDefinitionBuilder.genericBeanDefinition(DefaultKeyPathDynamoOperations.class)
                    .setAutowireMode(AbstractBeanDefinition.AUTOWIRE_CONSTRUCTOR).getBeanDefinition();
            return definition;
        }, registry, name, source.getSource());
    }

    @Override
    public void postProcess(BeanDefinitionBuilder builder, RepositoryConfigurationSource source) {
        builder.addPropertyReference("keyPathOperations",
                source.getAttribute(OPERATIONS_REF).orElse(DEFAULT_OPERATIONS_BEAN));
    }

    @Override
    public void postProcess(BeanDefinitionBuilder builder, AnnotationRepositoryConfigurationSource config) {
        // Everything needed is done in postProcess(BeanDefinitionBuilder, RepositoryConfigurationSource).
    }
}
