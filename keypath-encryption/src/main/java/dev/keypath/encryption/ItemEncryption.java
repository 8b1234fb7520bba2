package dev.keypath.encryption;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidConditionException;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.StoredItemCodec;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.cryptography.dbencryptionsdk.dynamodb.itemencryptor.DynamoDbItemEncryptor;
import software.amazon.cryptography.dbencryptionsdk.dynamodb.itemencryptor.model.DecryptItemInput;
import software.amazon.cryptography.dbencryptionsdk.dynamodb.itemencryptor.model.DynamoDbItemEncryptorConfig;
import software.amazon.cryptography.dbencryptionsdk.dynamodb.itemencryptor.model.EncryptItemInput;
import software.amazon.cryptography.dbencryptionsdk.dynamodb.model.DynamoDbTableEncryptionConfig;
import software.amazon.cryptography.dbencryptionsdk.dynamodb.model.DynamoDbTablesEncryptionConfig;
import software.amazon.cryptography.dbencryptionsdk.structuredencryption.model.CryptoAction;
import software.amazon.cryptography.materialproviders.IKeyring;
import software.amazon.cryptography.materialproviders.model.DBEAlgorithmSuiteId;

/**
 * Encrypts and signs the items of a table's {@link EncryptedItem} types through the AWS Database Encryption SDK for
 * DynamoDB: set it as the table's stored-item codec, and every write of such a type stores what the SDK's item
 * encryptor makes of it, every read verifies and decrypts what it finds before mapping it.
 *
 * <pre>{@code
 * ItemEncryption encryption = ItemEncryption.builder()
 *         .logicalTableName("app")                       // bound into every item's encryption context
 *         .keyring(Keyrings.kms("arn:aws:kms:…:key/…"))  // or Keyrings.rawAes(…) for tests
 *         .build();
 * KeyPathTable table = KeyPathTables.builder().client(client).tableName("app")
 *         .register(Patient.class).storedItemCodec(encryption).build();
 * }</pre>
 *
 * <p>The SDK's configuration of the table ({@code attributeActionsOnEncrypt}) is derived when the table is built,
 * from the registered types (see {@link EncryptedItem}, {@link Crypto}); {@link #interceptorConfig(String)} hands the same
 * to the SDK's {@code DynamoDbEncryptionInterceptor}, so that a plain DynamoDB client reads and writes the same items.
 * A stored item that fails verification or decryption (changed, added to or cut by another writer, or written
 * unencrypted) is an {@link UnreadableItemException} naming the reason: the table's unreadable-item handler hears of
 * it in a collection read, a single read throws it. Nothing here holds or logs key material; the keyring does.
 * One instance serves one table (its synchronous and asynchronous forms alike); thread-safe.
 */
public final class ItemEncryption implements StoredItemCodec {
    private final String logicalTableName;
    private final IKeyring keyring;
    private final DBEAlgorithmSuiteId algorithmSuite;
    private volatile Prepared prepared;

    private ItemEncryption(Builder b) {
        this.logicalTableName = Objects.requireNonNull(b.logicalTableName, "logicalTableName");
        this.keyring = Objects.requireNonNull(b.keyring, "keyring");
        this.algorithmSuite = b.algorithmSuite;
    }

    /** A builder; the logical table name and the keyring are required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The derived actions and the item encryptor made of them, once the table is built. */
    private record Prepared(AttributeActions actions, DynamoDbItemEncryptor encryptor) {
    }

    @Override
    public synchronized Set<Class<?>> prepare(List<ItemSchema<?>> schemas, TableDescription description) {
        AttributeActions actions = AttributeActions.of(schemas, description);
        Prepared before = prepared;
        if (before != null) {
            if (!before.actions().table().equals(actions.table())) {
                throw new IllegalStateException("This ItemEncryption already serves a table whose types differ: "
                        + "build one for each table");
            }
            return before.actions().types();
        }
        if (actions.types().isEmpty()) {
            prepared = new Prepared(actions, null);
            return Set.of();
        }
        DynamoDbItemEncryptorConfig config = DynamoDbItemEncryptorConfig.builder()
                .logicalTableName(logicalTableName)
                .partitionKeyName(StoredItemLayout.PARTITION_KEY)
                .sortKeyName(StoredItemLayout.SORT_KEY)
                .attributeActionsOnEncrypt(actions.table())
                .allowedUnsignedAttributes(actions.unsigned().isEmpty() ? null : actions.unsigned())
                .keyring(keyring)
                .algorithmSuiteId(algorithmSuite)
                .build();
        prepared = new Prepared(actions, DynamoDbItemEncryptor.builder().DynamoDbItemEncryptorConfig(config).build());
        return actions.types();
    }

    /**
     * The SDK's configuration of this table, for its {@code DynamoDbEncryptionInterceptor} on a plain client
     * ({@code DynamoDbEncryptionInterceptor.builder().config(encryption.interceptorConfig(tableName))}): the same
     * actions and keyring, so that client reads what keypath writes of the encrypted types, and the other way round.
     *
     * @param physicalTableName the DynamoDB table's name, under which the interceptor recognizes requests
     * @throws IllegalStateException before a table was built with this encryption
     */
    public DynamoDbTablesEncryptionConfig interceptorConfig(String physicalTableName) {
        AttributeActions actions = actions();
        DynamoDbTableEncryptionConfig table = DynamoDbTableEncryptionConfig.builder()
                .logicalTableName(logicalTableName)
                .partitionKeyName(StoredItemLayout.PARTITION_KEY)
                .sortKeyName(StoredItemLayout.SORT_KEY)
                .attributeActionsOnEncrypt(actions.table())
                .allowedUnsignedAttributes(actions.unsigned().isEmpty() ? null : actions.unsigned())
                .keyring(keyring)
                .algorithmSuiteId(algorithmSuite)
                .build();
        return DynamoDbTablesEncryptionConfig.builder()
                .tableEncryptionConfigs(Map.of(Objects.requireNonNull(physicalTableName, "physicalTableName"), table))
                .build();
    }

    /** The action on every attribute of the encrypted types, as derived when the table was built. */
    public Map<String, CryptoAction> attributeActions() {
        return actions().table();
    }

    private AttributeActions actions() {
        Prepared p = prepared;
        if (p == null) {
            throw new IllegalStateException("No table was built with this ItemEncryption yet: its configuration is "
                    + "derived from the table's registered types");
        }
        return p.actions();
    }

    @Override
    public Map<String, AttributeValue> encode(ItemSchema<?> schema, KeyPath keyPath,
                                              Map<String, AttributeValue> attributes) {
        try {
            return prepared.encryptor().EncryptItem(EncryptItemInput.builder().plaintextItem(attributes).build())
                    .encryptedItem();
        } catch (RuntimeException e) {
            throw new ItemMappingException("Item of " + schema.typeName() + " could not be encrypted: "
                    + e.getMessage(), keyPath, e);
        }
    }

    @Override
    public Map<String, AttributeValue> decode(ItemSchema<?> schema, KeyPath keyPath,
                                              Map<String, AttributeValue> stored) {
        try {
            return prepared.encryptor().DecryptItem(DecryptItemInput.builder().encryptedItem(stored).build())
                    .plaintextItem();
        } catch (RuntimeException e) {
            throw new UnreadableItemException("Stored item of " + schema.typeName() + " failed decryption or "
                    + "signature verification, so it is not read (altered by another writer, or not written "
                    + "encrypted): " + e.getMessage(), keyPath, e);
        }
    }

    @Override
    public void checkUpdate(ItemSchema<?> schema, KeyPath keyPath, Set<String> written) {
        AttributeActions actions = prepared.actions();
        Set<String> signed = new TreeSet<>();
        for (String attribute : written) {
            if (actions.of(schema.type(), attribute) != CryptoAction.DO_NOTHING) {
                signed.add(attribute);
            }
        }
        if (!signed.isEmpty()) {
            String first = signed.iterator().next();
            throw new InvalidUpdateException("An update of " + schema.typeName() + " would change " + signed
                    + " in place, which its encryption signs (" + describe(actions, schema, signed) + "): DynamoDB "
                    + "cannot re-sign an item, so the item would fail verification on its next read; write the "
                    + "item whole (put it, or read it and put it back with its version), or declare a field that "
                    + "must change in place @Crypto(CryptoAction.DO_NOTHING)", schema.typeName(), first, keyPath,
                    null);
        }
    }

    @Override
    public void checkExpression(ItemSchema<?> schema, String use, String expression, Set<String> read) {
        AttributeActions actions = prepared.actions();
        for (String attribute : read) {
            if (actions.of(schema.type(), attribute) == CryptoAction.ENCRYPT_AND_SIGN) {
                throw new InvalidConditionException("The " + use + " '" + expression + "' reads the value of '"
                        + attribute + "' of " + schema.typeName() + ", which is stored encrypted: DynamoDB sees only "
                        + "ciphertext, so it cannot compare it; test it after reading the items, or declare the "
                        + "field @Crypto(CryptoAction.SIGN_ONLY) if it may be stored readable",
                        schema.typeName(), attribute, null);
            }
        }
    }

    private static String describe(AttributeActions actions, ItemSchema<?> schema, Set<String> attributes) {
        StringBuilder b = new StringBuilder();
        for (String a : attributes) {
            CryptoAction action = actions.of(schema.type(), a);
            b.append(b.length() == 0 ? "" : ", ").append(a).append(": ")
                    .append(action == null ? "not declared, so signed" : action);
        }
        return b.toString();
    }

    /** Builds an {@link ItemEncryption}. Not thread-safe. */
    public static final class Builder {
        private String logicalTableName;
        private IKeyring keyring;
        private DBEAlgorithmSuiteId algorithmSuite;

        private Builder() {
        }

        /**
         * The SDK's algorithm suite; by default the SDK's own, which also signs each item with ECDSA P-384, so that a
         * reader holding only decryption rights cannot forge items. {@code
         * ALG_AES_256_GCM_HKDF_SHA512_COMMIT_KEY_SYMSIG_HMAC_SHA384} leaves the asymmetric signature out: a smaller
         * item and a cheaper write, for readers that are all trusted as writers.
         */
        public Builder algorithmSuite(DBEAlgorithmSuiteId algorithmSuite) {
            this.algorithmSuite = Objects.requireNonNull(algorithmSuite, "algorithmSuite");
            return this;
        }

        /**
         * The name the SDK binds into every item's encryption context; items read under another name fail
         * verification. Keep it when the physical table is renamed, restored or copied.
         */
        public Builder logicalTableName(String logicalTableName) {
            this.logicalTableName = Objects.requireNonNull(logicalTableName, "logicalTableName");
            return this;
        }

        /** The keyring that protects the data keys ({@link Keyrings}). */
        public Builder keyring(IKeyring keyring) {
            this.keyring = Objects.requireNonNull(keyring, "keyring");
            return this;
        }

        /** The encryption. */
        public ItemEncryption build() {
            return new ItemEncryption(this);
        }
    }
}
