package dev.keypath.dynamodb.internal.extension;

import dev.keypath.dynamodb.ItemRead;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemWrite;
import dev.keypath.dynamodb.ReadModification;
import dev.keypath.dynamodb.WriteModification;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.time.Clock;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link TimeToLive}, the built-in extension: a put stores the expiry field's epoch seconds under the table's
 * {@code _ttl} attribute, and a read drops an item whose expiry is at or before the table's clock (DynamoDB deletes
 * expired items late). Applies to types with a {@code @TimeToLive} field only. Stateless.
 */
public final class TimeToLiveExtension implements BuiltInExtension {
    /** The one instance. */
    public static final TimeToLiveExtension INSTANCE = new TimeToLiveExtension();

    private TimeToLiveExtension() {
    }

    @Override
    public boolean appliesTo(ItemSchema<?> schema) {
        return schema instanceof DefaultItemSchema<?> s && s.hasTtl();
    }

    @Override
    public boolean changesFields() {
        return false;
    }

    @Override
    public WriteModification beforeWrite(ItemWrite write) {
        if (!write.kind().isPut()) {
            return WriteModification.NONE;
        }
        Long expiry = ((DefaultItemSchema<?>) write.schema()).ttlEpochSecond(write.item());
        return expiry == null ? WriteModification.NONE
                : WriteModification.builder().set(TableAttributes.TTL, AttributeValues.number(expiry)).build();
    }

    @Override
    public ReadModification afterRead(ItemRead read) {
        return isExpired(read.attributes(), read.clock()) ? ReadModification.absent() : ReadModification.NONE;
    }

    /** Whether {@code item}'s {@code _ttl} is at or before {@code clock}'s now; false without a numeric one. */
    public static boolean isExpired(Map<String, AttributeValue> item, Clock clock) {
        AttributeValue ttl = item.get(TableAttributes.TTL);
        if (ttl == null || ttl.n() == null) {
            return false;
        }
        try {
            return Long.parseLong(ttl.n()) <= clock.instant().getEpochSecond();
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
