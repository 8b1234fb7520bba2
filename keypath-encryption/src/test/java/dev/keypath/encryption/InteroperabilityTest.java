package dev.keypath.encryption;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.encryption.Clinic.Memo;
import dev.keypath.encryption.Clinic.Patient;
import dev.keypath.encryption.Clinic.Visit;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.cryptography.dbencryptionsdk.dynamodb.DynamoDbEncryptionInterceptor;
import software.amazon.cryptography.materialproviders.model.DBEAlgorithmSuiteId;

/**
 * keypath's encrypted items and the SDK's own: a plain DynamoDB client with the SDK's
 * {@code DynamoDbEncryptionInterceptor}, configured by {@link ItemEncryption#interceptorConfig}, reads what keypath
 * writes, and keypath reads what that client writes.
 */
@KeyPathDynamoDb(types = {Patient.class, Visit.class, Memo.class})
class InteroperabilityTest {
    @Injected
    KeyPathTable plainTable;
    @Injected
    URI endpoint;

    private KeyPathTable table;
    private DynamoDbClient sdkClient;

    @BeforeEach
    void clients() {
        ItemEncryption encryption = Clinic.encryption();
        table = KeyPathTables.builder().client(plainTable.client()).tableName(plainTable.tableName())
                .register(Clinic.TYPES.toArray(Class<?>[]::new)).storedItemCodec(encryption).build();
        sdkClient = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret")))
                .overrideConfiguration(c -> c.addExecutionInterceptor(DynamoDbEncryptionInterceptor.builder()
                        .config(encryption.interceptorConfig(plainTable.tableName())).build()))
                .build();
    }

    private static Map<String, AttributeValue> key(KeyPath path) {
        return Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
    }

    @Test
    void theSdksInterceptorReadsWhatKeypathWrites() {
        Patient p = table.put(new Patient(UUID.randomUUID(), "Hal", "diagnosis of Hal", "east", "n", null));
        Map<String, AttributeValue> read = sdkClient.getItem(r -> r.tableName(plainTable.tableName())
                .key(key(table.keyPathOf(p)))).item();
        assertThat(read.get("name").s()).isEqualTo("Hal");
        assertThat(read.get("diagnosis").s()).isEqualTo("diagnosis of Hal");
        assertThat(read.get("ward").s()).isEqualTo("east");
        assertThat(read).doesNotContainKeys("aws_dbe_head", "aws_dbe_foot");
    }

    @Test
    void keypathReadsWhatTheSdksInterceptorWrites() {
        Visit visit = new Visit(UUID.randomUUID(), 42, "written by the SDK", 15);
        Map<String, AttributeValue> mapped = table.schema(Visit.class).toItem(visit);
        sdkClient.putItem(r -> r.tableName(plainTable.tableName()).item(mapped));

        KeyPath path = table.keyPathOf(visit);
        Map<String, AttributeValue> stored = plainTable.client().getItem(r -> r.tableName(plainTable.tableName())
                .key(key(path))).item();
        assertThat(stored.get("summary").b()).isNotNull(); // the SDK stored ciphertext
        assertThat(table.get(Visit.class, path)).contains(visit);
    }

    @Test
    void anItemWrittenWithoutTheAsymmetricSignatureIsSmallerAndReadsBothWays() {
        ItemEncryption symmetric = ItemEncryption.builder().logicalTableName("clinic").keyring(Clinic.keyring())
                .algorithmSuite(DBEAlgorithmSuiteId.ALG_AES_256_GCM_HKDF_SHA512_COMMIT_KEY_SYMSIG_HMAC_SHA384).build();
        KeyPathTable lean = KeyPathTables.builder().client(plainTable.client()).tableName(plainTable.tableName())
                .register(Clinic.TYPES.toArray(Class<?>[]::new)).storedItemCodec(symmetric).build();
        Visit signed = table.put(new Visit(UUID.randomUUID(), 1, "same summary", 5));
        Visit symmetricOnly = lean.put(new Visit(signed.patientId(), 2, "same summary", 5));
        int signedFooter = stored(table.keyPathOf(signed)).get("aws_dbe_foot").b().asByteArray().length;
        int leanFooter = stored(lean.keyPathOf(symmetricOnly)).get("aws_dbe_foot").b().asByteArray().length;
        assertThat(leanFooter).isLessThan(signedFooter);
        // the algorithm suite is recorded in each item: either table reads both
        assertThat(table.get(Visit.class, lean.keyPathOf(symmetricOnly))).contains(symmetricOnly);
        assertThat(lean.get(Visit.class, table.keyPathOf(signed))).contains(signed);
    }

    private Map<String, AttributeValue> stored(KeyPath path) {
        return plainTable.client().getItem(r -> r.tableName(plainTable.tableName()).key(key(path))).item();
    }
}
