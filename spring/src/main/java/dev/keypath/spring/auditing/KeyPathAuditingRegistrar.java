package dev.keypath.spring.auditing;

import dev.keypath.spring.mapping.KeyPathMappingContext;
import java.lang.annotation.Annotation;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.data.auditing.IsNewAwareAuditingHandler;
import org.springframework.data.auditing.config.AuditingBeanDefinitionRegistrarSupport;
import org.springframework.data.auditing.config.AuditingConfiguration;
import org.springframework.data.config.ParsingUtils;

/**
 * Registers what {@link EnableKeyPathAuditing} needs: the {@link KeyPathMappingContext} (unless there is one), an
 * {@link IsNewAwareAuditingHandler} over it configured from the annotation, and the
 * {@link AuditingBeforeSaveCallback} that hands it every item before a save.
 */
class KeyPathAuditingRegistrar extends AuditingBeanDefinitionRegistrarSupport {
    static final String MAPPING_CONTEXT = "keyPathMappingContext";
    static final String HANDLER = "keyPathAuditingHandler";

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        if (!registry.containsBeanDefinition(MAPPING_CONTEXT)) {
            registry.registerBeanDefinition(MAPPING_CONTEXT,
                    BeanDefinitionBuilder.rootBeanDefinition(KeyPathMappingContext.class).getBeanDefinition());
        }
        super.registerBeanDefinitions(metadata, registry);
    }

    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableKeyPathAuditing.class;
    }

    @Override
    protected String getAuditingHandlerBeanName() {
        return HANDLER;
    }

    @Override
    protected BeanDefinitionBuilder getAuditHandlerBeanDefinitionBuilder(AuditingConfiguration configuration) {
        return configureDefaultAuditHandlerAttributes(configuration,
                BeanDefinitionBuilder.rootBeanDefinition(IsNewAwareAuditingHandler.class));
    }

    @Override
    protected void postProcess(BeanDefinitionBuilder builder, AuditingConfiguration configuration,
                               BeanDefinitionRegistry registry) {
        builder.setFactoryMethod("from").addConstructorArgReference(MAPPING_CONTEXT);
    }

    @Override
    protected void registerAuditListenerBeanDefinition(BeanDefinition auditingHandler,
                                                       BeanDefinitionRegistry registry) {
        BeanDefinitionBuilder callback = BeanDefinitionBuilder.rootBeanDefinition(AuditingBeforeSaveCallback.class)
                .addConstructorArgValue(ParsingUtils.getObjectFactoryBeanDefinition(HANDLER, registry))
                .addConstructorArgReference(MAPPING_CONTEXT);
        registerInfrastructureBeanWithId(callback.getBeanDefinition(), AuditingBeforeSaveCallback.class.getName(),
                registry);
    }
}
