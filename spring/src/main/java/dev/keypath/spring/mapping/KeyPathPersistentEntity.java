package dev.keypath.spring.mapping;

import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.mapping.model.BasicPersistentEntity;
import org.springframework.data.core.TypeInformation;

/**
 * An item type as Spring Data sees it. An item is new when its version is unset (null or 0); a type without a
 * version counts an item as new while its {@link CreatedDate} property is unset (null or 0), and every item as
 * new when it has neither. Thread-safe once built.
 *
 * @param <T> the item type
 */
public class KeyPathPersistentEntity<T> extends BasicPersistentEntity<T, KeyPathPersistentProperty> {
    /** The entity of {@code type}. */
    public KeyPathPersistentEntity(TypeInformation<T> type) {
        super(type);
    }

    @Override
    public boolean isNew(Object bean) {
        if (hasVersionProperty()) {
            return unset(getPropertyAccessor(bean).getProperty(getRequiredVersionProperty()));
        }
        KeyPathPersistentProperty created = getPersistentProperty(CreatedDate.class);
        return created == null || unset(getPropertyAccessor(bean).getProperty(created));
    }

    private static boolean unset(Object value) {
        return value == null || value instanceof Number n && n.longValue() == 0;
    }
}
