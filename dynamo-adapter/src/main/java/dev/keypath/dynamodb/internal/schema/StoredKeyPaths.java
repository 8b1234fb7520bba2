package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.StoredKeyException;
import dev.keypath.dynamodb.StoredKeyException.Problem;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Decodes the key path a stored item holds in two binary attributes: its table key ({@code pk}/{@code sk}) or an
 * index's, sharded or not (the shard is dropped: the key path is the logical one). The one decoding of stored keys: the tables' reads, {@code StoredItemLayout.keyPathOf} (export,
 * streams, the CLI) and the alias items' targets all come here. Stateless.
 */
final class StoredKeyPaths {
    private StoredKeyPaths() {
    }

    /** The key path of a stored item; a {@link StoredKeyException} on missing or bad key bytes. */
    static KeyPath of(Map<String, AttributeValue> item) {
        return of(item, TableAttributes.PK, TableAttributes.SK);
    }

    /**
     * The key path {@code item} holds in the binary attributes {@code pkAttribute} and {@code skAttribute}; a
     * {@link StoredKeyException} naming the attribute when one is missing or not binary, or their bytes are not a
     * key path.
     */
    static KeyPath of(Map<String, AttributeValue> item, String pkAttribute, String skAttribute) {
        byte[] pk = bytes(item, pkAttribute);
        byte[] sk = bytes(item, skAttribute);
        try {
            return ShardKeys.keyPath(pk, sk);
        } catch (KeyPathFormatException e) {
            boolean table = TableAttributes.PK.equals(pkAttribute) && TableAttributes.SK.equals(skAttribute);
            String attribute = e.reason().contains("partition key") ? pkAttribute : skAttribute;
            throw new StoredKeyException("Stored " + (table ? "key" : "index key " + pkAttribute + "/"
                    + skAttribute) + " is not a valid key path: " + e.getMessage(), attribute, Problem.NOT_A_KEY_PATH,
                    e);
        }
    }

    private static byte[] bytes(Map<String, AttributeValue> item, String attribute) {
        AttributeValue value = item.get(attribute);
        if (value == null) {
            throw new StoredKeyException("Item has no binary " + attribute + " attribute", attribute, Problem.MISSING,
                    null);
        }
        if (value.b() == null) {
            throw new StoredKeyException("Item's " + attribute + " is of type " + value.type() + ", not B (binary)",
                    attribute, Problem.NOT_BINARY, null);
        }
        return value.b().asByteArrayUnsafe();
    }
}
