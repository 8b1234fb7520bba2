package dev.keypath.spring.repository;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import java.util.Optional;
import org.springframework.beans.PropertyAccessorFactory;
import org.springframework.data.repository.core.EntityInformation;

/**
 * Entity metadata of one item type for Spring Data: its id is its key path (null while an auto id is unset);
 * it is new when its version is null or 0 (versioned types) or its key path is not complete yet. Thread-safe.
 */
final class KeyPathEntityInformation<T> implements EntityInformation<T, KeyPath> {
    private final Class<T> type;
    private final KeyPathTable table;
    private final Optional<String> versionProperty;

    KeyPathEntityInformation(Class<T> type, KeyPathTable table) {
        this.type = type;
        this.table = table;
        ItemSchema<T> schema = table.schema(type);
        this.versionProperty = schema.versionAttribute();
    }

    @Override
    public boolean isNew(T entity) {
        if (versionProperty.isPresent()) {
            Object version = PropertyAccessorFactory.forDirectFieldAccess(entity).getPropertyValue(versionProperty.get());
            return version == null || (version instanceof Number n && n.longValue() == 0);
        }
        return getId(entity) == null;
    }

    @Override
    public KeyPath getId(T entity) {
        try {
            return table.keyPathOf(entity);
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Override
    public Class<KeyPath> getIdType() {
        return KeyPath.class;
    }

    @Override
    public Class<T> getJavaType() {
        return type;
    }
}
