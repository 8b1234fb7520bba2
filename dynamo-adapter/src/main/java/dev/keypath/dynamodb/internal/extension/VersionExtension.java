package dev.keypath.dynamodb.internal.extension;

import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemWrite;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.WriteModification;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Map;

/**
 * Optimistic locking ({@link Version}), the built-in write extension: a put stores the object's version + 1 and
 * requires the stored version to be the object's (no item, for version 0; an expired item counts as none, as the
 * put's expiry check in {@code PutActions} arranges); an update adds 1 and, when the update
 * names an expected version, requires it. Batch puts carry no version (versioned types are refused there). Its
 * placeholders become {@code #kp_ver}, {@code :kp_ver}, {@code #kp_pk}. Applies to versioned types only. Stateless.
 */
public final class VersionExtension implements BuiltInExtension {
    public static final VersionExtension INSTANCE = new VersionExtension();

    private VersionExtension() {
    }

    @Override
    public boolean appliesTo(ItemSchema<?> schema) {
        return schema instanceof DefaultItemSchema<?> s && s.isVersioned();
    }

    @Override
    public boolean changesFields() {
        return false;
    }

    /** The version a write of this kind checks, or -1 when it checks none. */
    static long expectedVersion(WriteKind kind, DefaultItemSchema<?> schema, Object item, UpdateSpec update) {
        if (!schema.isVersioned() || kind == WriteKind.BATCH_PUT) {
            return -1;
        }
        if (kind.isPut()) {
            return schema.versionOf(item);
        }
        return update.expectedVersion().isPresent() ? update.expectedVersion().getAsLong() : -1;
    }

    @Override
    public WriteModification beforeWrite(ItemWrite write) {
        DefaultItemSchema<?> schema = (DefaultItemSchema<?>) write.schema();
        String attribute = schema.versionAttribute().orElseThrow();
        long expected = expectedVersion(write.kind(), schema, write.item(), write.update());
        WriteModification.Builder m = WriteModification.builder();
        if (write.kind().isPut()) {
            if (expected < 0) {
                return WriteModification.NONE;
            }
            m.set(attribute, AttributeValues.number(expected + 1));
        } else {
            m.add(attribute, AttributeValues.number(1));
        }
        if (expected == 0) {
            m.condition(Condition.of("attribute_not_exists(#pk)", Map.of("#pk", TableAttributes.PK), Map.of()));
        } else if (expected > 0) {
            m.condition(Condition.of("#ver = :ver", Map.of("#ver", attribute),
                    Map.of(":ver", AttributeValues.number(expected))));
        }
        return m.build();
    }
}
