package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

/**
 * A read by key path while a re-shard runs ({@code @Sharded(formerCount)}): the item's new shard, then, if it is
 * not there, its former shard, then, if it is not there either, the new shard once more. Items only move from the
 * former layout to the new one, so an item that exists throughout is in the new shard at the first read, in the
 * former at the second, or, having moved between the two, in the new one at the third (the second and third are
 * strongly consistent, whatever the first). Without a re-shard it is the one {@code GetItem}. Stateless.
 */
final class ReshardReads {
    private ReshardReads() {
    }

    /** {@code request} (the read of the new shard), with the fallbacks while {@code schema}'s type is re-sharded. */
    static <T> Operation<Optional<T>> get(DefaultItemSchema<?> schema, KeyPath keyPath, GetItemRequest request,
                                          Function<GetItemResponse, Optional<T>> result) {
        byte[] former = schema.formerPartitionKeyOf(keyPath);
        Operation<Optional<T>> first = Operations.single(DynamoApi.GET_ITEM, request, result);
        if (former == null) {
            return first;
        }
        Map<String, AttributeValue> formerKey = new LinkedHashMap<>(request.key());
        formerKey.put(TableAttributes.PK, AttributeValues.binary(former));
        // the second and third reads are strongly consistent, so that an item moved before the second is seen by the third
        GetItemRequest formerRead = request.toBuilder().key(formerKey).consistentRead(true).build();
        GetItemRequest again = request.toBuilder().consistentRead(true).build();
        return Operations.then(first, found -> found.isPresent() ? Operations.done(found)
                : Operations.then(Operations.single(DynamoApi.GET_ITEM, formerRead, result),
                        there -> there.isPresent() ? Operations.done(there)
                                : Operations.single(DynamoApi.GET_ITEM, again, result)));
    }
}
