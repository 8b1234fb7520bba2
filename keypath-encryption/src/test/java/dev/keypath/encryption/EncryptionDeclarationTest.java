package dev.keypath.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.cryptography.dbencryptionsdk.structuredencryption.model.CryptoAction;

/**
 * The SDK's configuration derived from the registered types, and the declarations refused when the table is built
 * (no request is sent: the client points at nothing).
 */
class EncryptionDeclarationTest {
    private static final DynamoDbClient NOWHERE = DynamoDbClient.builder().region(Region.US_EAST_1)
            .endpointOverride(URI.create("http://127.0.0.1:9")).credentialsProvider(AnonymousCredentialsProvider.create())
            .build();

    private static ItemEncryption build(Class<?>... types) {
        ItemEncryption encryption = Clinic.encryption();
        KeyPathTables.builder().client(NOWHERE).tableName("clinic").register(types).storedItemCodec(encryption)
                .build();
        return encryption;
    }

    @Test
    void theConfigurationSignsKeypathsAttributesAndEncryptsUndeclaredFields() {
        Map<String, CryptoAction> actions = build(Clinic.TYPES.toArray(Class<?>[]::new)).attributeActions();
        assertThat(actions).containsEntry("pk", CryptoAction.SIGN_ONLY).containsEntry("sk", CryptoAction.SIGN_ONLY)
                .containsEntry("_type", CryptoAction.SIGN_ONLY).containsEntry("_kp_v", CryptoAction.SIGN_ONLY)
                .containsEntry("_ttl", CryptoAction.SIGN_ONLY)
                .containsEntry("byWard_pk", CryptoAction.SIGN_ONLY).containsEntry("byWard_sk", CryptoAction.SIGN_ONLY)
                .containsEntry("name", CryptoAction.ENCRYPT_AND_SIGN)
                .containsEntry("diagnosis", CryptoAction.ENCRYPT_AND_SIGN)
                .containsEntry("ward", CryptoAction.SIGN_ONLY).containsEntry("note", CryptoAction.DO_NOTHING)
                .containsEntry("version", CryptoAction.SIGN_ONLY)
                .containsEntry("summary", CryptoAction.ENCRYPT_AND_SIGN)
                .containsEntry("minutes", CryptoAction.ENCRYPT_AND_SIGN);
        assertThat(actions).doesNotContainKeys("id", "patientId", "at", "text"); // key fields; the memo is plain
    }

    @ItemType(keyPath = "/card-{number}")
    @EncryptedItem
    record Card(@Crypto(CryptoAction.ENCRYPT_AND_SIGN) String number, String holder) {
    }

    @Test
    void anEncryptedKeyFieldIsRefusedNamingIt() {
        assertThatThrownBy(() -> build(Card.class)).isInstanceOf(EncryptionDeclarationException.class)
                .hasMessageContaining(Card.class.getName() + ".number")
                .hasMessageContaining("key path /card-{number}");
    }

    @ItemType(keyPath = "/member-{id}")
    @EncryptedItem
    @SecondaryKeyPath(index = "byEmail", keyPath = "/email-{email}")
    record Member(UUID id, String email) {
    }

    @Test
    void anEncryptedFieldInAnIndexKeyPathIsRefusedNamingFieldAndIndex() {
        assertThatThrownBy(() -> build(Member.class)).isInstanceOf(EncryptionDeclarationException.class)
                .hasMessageContaining(Member.class.getName() + ".email")
                .hasMessageContaining("index 'byEmail'").hasMessageContaining("SIGN_ONLY");
    }

    @ItemType(keyPath = "/login-{id}")
    @EncryptedItem
    @UniqueKeyPath("/handle-{handle}")
    record Login(UUID id, String handle) {
    }

    @Test
    void anEncryptedFieldInAUniqueKeyPathIsRefused() {
        assertThatThrownBy(() -> build(Login.class)).isInstanceOf(EncryptionDeclarationException.class)
                .hasMessageContaining(Login.class.getName() + ".handle")
                .hasMessageContaining("unique key path /handle-{handle}");
    }

    @ItemType(keyPath = "/shelf-{id}")
    @EncryptedItem
    record Shelf(UUID id, @Crypto(CryptoAction.SIGN_ONLY) String label) {
    }

    @ItemType(keyPath = "/box-{id}")
    @EncryptedItem
    record Box(UUID id, String label) {
    }

    @Test
    void oneAttributeNameWithTwoActionsInOneTableIsRefused() {
        assertThatThrownBy(() -> build(Shelf.class, Box.class)).isInstanceOf(EncryptionDeclarationException.class)
                .hasMessageContaining("'label'").hasMessageContaining(Shelf.class.getName())
                .hasMessageContaining(Box.class.getName());
    }

    @ItemType(keyPath = "/crate-{id}")
    @EncryptedItem
    record Crate(UUID id, String label) {
    }

    @Test
    void theSameActionOnOneAttributeNameInTwoTypesIsOneEntry() {
        assertThat(build(Box.class, Crate.class).attributeActions()).containsEntry("label",
                CryptoAction.ENCRYPT_AND_SIGN);
    }

    @Test
    void aTableWithoutEncryptedTypesEncryptsNothing() {
        assertThat(build(Clinic.Memo.class).attributeActions()).isEmpty();
    }

    @Test
    void theConfigurationIsThereOnlyOnceATableIsBuilt() {
        assertThatThrownBy(() -> Clinic.encryption().attributeActions()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("No table was built");
    }

    @Test
    void aRawAesKeyOfAnotherLengthIsRefused() {
        assertThatThrownBy(() -> Keyrings.rawAes("n", "k", new byte[20])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("16, 24 or 32 bytes, not 20");
    }

    @Test
    void aKmsKeyringIsConfigurationAlone() {
        // building it sends nothing: a KMS call happens only when an item is encrypted or decrypted
        assertThat(Keyrings.kms("arn:aws:kms:us-east-1:111122223333:key/mrk-1234abcd12ab34cd56ef1234567890ab"))
                .isNotNull();
    }

    @ItemType(keyPath = "/shop-{shopId}/order-{orderId}")
    @EncryptedItem
    @Sharded(count = 8, by = "orderId")
    record Order(long shopId, long orderId, String address) {
    }

    @ItemType(keyPath = "/shop-{shopId}/order-{orderId}")
    @EncryptedItem
    @Sharded(count = 8, by = "orderId", formerCount = 4)
    record ReshardedOrder(long shopId, long orderId, String address) {
    }

    @Test
    void aShardedTypeIsEncryptedButOneBeingReshardedIsRefused() {
        assertThat(build(Order.class).attributeActions()).containsEntry("address", CryptoAction.ENCRYPT_AND_SIGN);
        assertThatThrownBy(() -> build(ReshardedOrder.class)).isInstanceOf(EncryptionDeclarationException.class)
                .hasMessageContaining(ReshardedOrder.class.getName()).hasMessageContaining("re-shard");
    }
}
