package dev.keypath.spring.mapping;

import dev.keypath.dynamodb.annotation.Version;
import org.springframework.data.mapping.Association;
import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.model.AnnotationBasedPersistentProperty;
import org.springframework.data.mapping.model.Property;
import org.springframework.data.mapping.model.SimpleTypeHolder;

/**
 * A field of an item type as Spring Data sees it: keypath's {@link Version} counts as the version property, and
 * there is no identifier property (an item is addressed by its key path), and no field is an entity of its own:
 * keypath stores a field's value whole (through its codec or Jackson), so Spring Data does not walk into it.
 * Immutable.
 */
public class KeyPathPersistentProperty extends AnnotationBasedPersistentProperty<KeyPathPersistentProperty> {
    /** The property of {@code owner}. */
    public KeyPathPersistentProperty(Property property, PersistentEntity<?, KeyPathPersistentProperty> owner,
                                     SimpleTypeHolder simpleTypeHolder) {
        super(property, owner, simpleTypeHolder);
    }

    @Override
    public boolean isVersionProperty() {
        return super.isVersionProperty() || isAnnotationPresent(Version.class);
    }

    @Override
    public boolean isEntity() {
        return false;
    }

    @Override
    public boolean isIdProperty() {
        return false;
    }

    @Override
    protected Association<KeyPathPersistentProperty> createAssociation() {
        return null;
    }
}
