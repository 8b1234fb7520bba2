package dev.keypath.spring.mapping;

import dev.keypath.dynamodb.annotation.ItemType;
import org.springframework.data.mapping.context.AbstractMappingContext;
import org.springframework.data.mapping.model.Property;
import org.springframework.data.mapping.model.SimpleTypeHolder;
import org.springframework.data.core.TypeInformation;

/**
 * Spring Data's metadata of the {@link ItemType} classes, built on first use of each: what auditing needs to find
 * the {@code @CreatedDate}, {@code @LastModifiedDate}, {@code @CreatedBy} and {@code @LastModifiedBy} properties and
 * to set them, records included (through their canonical constructor). Only {@code @ItemType} classes become
 * entities; their fields' types are not walked. Thread-safe.
 */
public class KeyPathMappingContext
        extends AbstractMappingContext<KeyPathPersistentEntity<?>, KeyPathPersistentProperty> {
    @Override
    protected <T> KeyPathPersistentEntity<?> createPersistentEntity(TypeInformation<T> typeInformation) {
        return new KeyPathPersistentEntity<>(typeInformation);
    }

    @Override
    protected KeyPathPersistentProperty createPersistentProperty(Property property, KeyPathPersistentEntity<?> owner,
                                                                 SimpleTypeHolder simpleTypeHolder) {
        return new KeyPathPersistentProperty(property, owner, simpleTypeHolder);
    }

    @Override
    protected boolean shouldCreatePersistentEntityFor(TypeInformation<?> type) {
        return type.getType().isAnnotationPresent(ItemType.class);
    }
}
