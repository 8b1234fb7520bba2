package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import dev.keypath.dynamodb.ItemMappingException;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Decodes the key path a stored item holds in two binary attributes: its table key ({@code pk}/{@code sk}) or an
 * index's. Stateless.
 */
final class StoredKeyPaths {
    private StoredKeyPaths() {
    }

    /** The key path of a stored item; an {@link ItemMappingException} on missing or bad key bytes. */
    static KeyPath of(Map<String, AttributeValue> item) {
        return of(item, TableAttributes.PK, TableAttributes.SK);
    }

    /**
     * The key path {@code item} holds in the binary attributes {@code pkAttribute} and {@code skAttribute}; an
     * {@link ItemMappingException} naming them when they are missing or their bytes are not a key path.
     */
    static KeyPath of(Map<String, AttributeValue> item, String pkAttribute, String skAttribute) {
        AttributeValue pk = item.get(pkAttribute);
        AttributeValue sk = item.get(skAttribute);
        boolean table = TableAttributes.PK.equals(pkAttribute) && TableAttributes.SK.equals(skAttribute);
        if (pk == null || sk == null || pk.b() == null || sk.b() == null) {
            throw new ItemMappingException("Item has no binary " + pkAttribute + "/" + skAttribute + " attributes",
                    null, null);
        }
        try {
            return KeyPath.decode(pk.b().asByteArrayUnsafe(), sk.b().asByteArrayUnsafe());
        } catch (KeyPathFormatException e) {
            throw new ItemMappingException("Stored " + (table ? "key" : "index key " + pkAttribute + "/"
                    + skAttribute) + " is not a valid key path: " + e.getMessage(), null, e);
        }
    }
}
