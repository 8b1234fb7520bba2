package dev.keypath.dynamodb.internal.extension;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemWrite;
import dev.keypath.dynamodb.WriteModification;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TimestampField;
import java.time.Instant;

/**
 * {@link CreatedAt} and {@link UpdatedAt}, the built-in timestamp extension. With {@code now} from the table's
 * clock: a put stores {@code updatedAt = now} and {@code createdAt = now} unless the object carries one; an update
 * adds {@code SET updatedAt = :now, createdAt = if_not_exists(createdAt, :now)} (an update may not change either
 * itself: {@code UpdateActions} refuses it, as it refuses the version). Values are converted with the table's mapper, so they are stored as the field would be.
 * Applies to types with either field only. Thread-safe.
 */
public final class TimestampExtension implements BuiltInExtension {
    private final ValueConverter values;

    public TimestampExtension(ValueConverter values) {
        this.values = values;
    }

    @Override
    public boolean appliesTo(ItemSchema<?> schema) {
        return schema instanceof DefaultItemSchema<?> s && (s.createdAt() != null || s.updatedAt() != null);
    }

    @Override
    public boolean changesFields() {
        return true;
    }

    @Override
    public WriteModification beforeWrite(ItemWrite write) {
        DefaultItemSchema<?> schema = (DefaultItemSchema<?>) write.schema();
        Instant now = write.clock().instant();
        WriteModification.Builder m = WriteModification.builder();
        TimestampField created = schema.createdAt();
        TimestampField updated = schema.updatedAt();
        if (write.kind().isPut()) {
            if (created != null && !created.isSetOn(write.item())) {
                m.set(created.attribute(), value(schema, created, now));
            }
            if (updated != null) {
                m.set(updated.attribute(), value(schema, updated, now));
            }
        } else {
            if (created != null) {
                m.setIfAbsent(created.attribute(), value(schema, created, now));
            }
            if (updated != null) {
                m.set(updated.attribute(), value(schema, updated, now));
            }
        }
        return m.build();
    }

    private software.amazon.awssdk.services.dynamodb.model.AttributeValue value(DefaultItemSchema<?> schema,
            TimestampField f, Instant now) {
        return values.toAttribute(f.valueOf(now), schema.type().getSimpleName() + "." + f.property().name());
    }
}
