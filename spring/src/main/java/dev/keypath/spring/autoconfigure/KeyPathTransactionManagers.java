package dev.keypath.spring.autoconfigure;

import java.util.Arrays;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.transaction.TransactionManager;

/**
 * Decides, once every bean definition is known, whether keypath's transaction manager is the application's
 * default: only when no other {@link TransactionManager} is a default candidate. Deciding after all definitions
 * are registered makes the outcome independent of the order of the auto-configurations.
 */
final class KeyPathTransactionManagers {
    /** The name of keypath's transaction manager bean, the qualifier of {@code @Transactional("…")}. */
    static final String BEAN_NAME = "keyPathTransactionManager";

    private KeyPathTransactionManagers() {
    }

    /** Makes keypath's manager a default candidate when it is the only transaction manager. */
    static void promoteIfAlone(ConfigurableListableBeanFactory beanFactory) {
        if (!beanFactory.containsBeanDefinition(BEAN_NAME)) {
            return;
        }
        if (!(beanFactory.getBeanDefinition(BEAN_NAME) instanceof AbstractBeanDefinition keyPath)
                || keyPath.isDefaultCandidate()) {
            return;
        }
        boolean another = Arrays.stream(beanFactory.getBeanNamesForType(TransactionManager.class, true, false))
                .filter(name -> !name.equals(BEAN_NAME))
                .anyMatch(name -> isDefaultCandidate(beanFactory, name));
        if (!another) {
            keyPath.setDefaultCandidate(true);
        }
    }

    private static boolean isDefaultCandidate(ConfigurableListableBeanFactory beanFactory, String name) {
        if (!beanFactory.containsBeanDefinition(name)) {
            return true; // a registered singleton without a definition
        }
        BeanDefinition definition = beanFactory.getBeanDefinition(name);
        return definition.isAutowireCandidate()
                && (!(definition instanceof AbstractBeanDefinition d) || d.isDefaultCandidate());
    }
}
