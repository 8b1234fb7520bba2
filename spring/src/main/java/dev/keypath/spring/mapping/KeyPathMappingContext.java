package dev.keypath.spring.mapping;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.annotation.ItemType;
import java.net.URI;
import java.net.URL;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalAmount;
import java.util.Currency;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import org.springframework.data.mapping.context.AbstractMappingContext;
import org.springframework.data.mapping.model.Property;
import org.springframework.data.mapping.model.SimpleTypeHolder;
import org.springframework.data.core.TypeInformation;

/**
 * Spring Data's metadata of the {@link ItemType} classes, built on first use of each: what auditing needs to find
 * the {@code @CreatedDate}, {@code @LastModifiedDate}, {@code @CreatedBy} and {@code @LastModifiedBy} properties and
 * to set them, records included (through their canonical constructor). Only {@code @ItemType} classes become
 * entities; their fields' types are not walked: a field is a value to Spring Data, whatever its type (a nested
 * record, a list or a map included), so auditing annotations count on the item type's own fields only. The values
 * keypath maps itself ({@link UUID}, {@link KeyId}, {@link KeyPath}, numbers, {@code java.time} values, enums,
 * {@code byte[]}, URIs, locales, currencies) are registered as simple types. Thread-safe.
 */
public class KeyPathMappingContext
        extends AbstractMappingContext<KeyPathPersistentEntity<?>, KeyPathPersistentProperty> {
    /** The value types keypath maps beyond Spring Data's own simple types (subtypes count too). */
    static final Set<Class<?>> VALUE_TYPES = Set.of(UUID.class, KeyId.class, KeyPath.class, Number.class,
            TemporalAccessor.class, TemporalAmount.class, URI.class, URL.class, Locale.class, Currency.class);

    /** A context that knows keypath's value types as simple ones. */
    public KeyPathMappingContext() {
        setSimpleTypeHolder(new SimpleTypeHolder(VALUE_TYPES, true));
    }

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
