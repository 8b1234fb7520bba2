package dev.keypath.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.encryption.Clinic.Memo;
import dev.keypath.encryption.Clinic.Patient;
import dev.keypath.encryption.Clinic.Visit;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Over generated visits (text of any code points, null or empty, numbers of any sign): each reads back as written
 * and is stored with no plaintext of its encrypted fields; and any one bit flipped in any binary attribute the
 * encryption wrote makes the item unreadable, never different data.
 */
@KeyPathDynamoDb(types = {Patient.class, Visit.class, Memo.class})
class EncryptionPropertiesTest {
    private static final int EXAMPLES = Integer.getInteger("keypath.properties.engineExamples", 25);

    @Injected
    DynamoDbClient client;
    @Injected
    KeyPathTable plainTable;

    private KeyPathTable table;

    @BeforeEach
    void table() {
        table = KeyPathTables.builder().client(client).tableName(plainTable.tableName())
                .register(Clinic.TYPES.toArray(Class<?>[]::new)).storedItemCodec(Clinic.encryption()).build();
    }

    private static String text(Random random) {
        int kind = random.nextInt(6);
        if (kind == 0) {
            return null;
        }
        if (kind == 1) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        int length = 1 + random.nextInt(kind == 2 ? 400 : 40);
        for (int i = 0; i < length; i++) {
            int cp = random.nextInt(4) == 0 ? 0x80 + random.nextInt(0x10FFFF - 0x80) : 0x20 + random.nextInt(0x5F);
            if (Character.isValidCodePoint(cp) && !(cp >= 0xD800 && cp <= 0xDFFF)) {
                b.appendCodePoint(cp);
            }
        }
        return b.toString();
    }

    private static Visit visit(Random random) {
        return new Visit(new UUID(random.nextLong(), random.nextLong()), random.nextLong(), text(random),
                random.nextInt());
    }

    private Map<String, AttributeValue> raw(KeyPath path) {
        return client.getItem(r -> r.tableName(plainTable.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    @Test
    void everyVisitReadsBackAndIsStoredWithoutItsPlaintext() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Visit visit = visit(new Random(seed));
            table.put(visit);
            KeyPath path = table.keyPathOf(visit);
            assertThat(table.get(Visit.class, path, ReadConsistency.STRONG)).contains(visit);
            Map<String, AttributeValue> raw = raw(path);
            assertThat(raw.get("minutes").b()).isNotNull();
            if (visit.summary() == null) {
                assertThat(raw).doesNotContainKey("summary");
            } else {
                assertThat(raw.get("summary").b()).isNotNull();
                byte[] plain = visit.summary().getBytes(StandardCharsets.UTF_8);
                if (plain.length >= 8) { // a shorter run of bytes may occur in ciphertext by chance
                    assertThat(new String(raw.get("summary").b().asByteArray(), StandardCharsets.ISO_8859_1))
                            .doesNotContain(new String(plain, StandardCharsets.ISO_8859_1));
                }
            }
        });
    }

    @Test
    void anyFlippedBitOfWhatTheEncryptionWroteMakesTheItemUnreadable() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Random random = new Random(seed);
            Visit visit = visit(random);
            table.put(visit);
            KeyPath path = table.keyPathOf(visit);
            Map<String, AttributeValue> item = new HashMap<>(raw(path));
            List<String> binary = new ArrayList<>();
            item.forEach((name, v) -> {
                if (v.b() != null && !name.equals("pk") && !name.equals("sk")) {
                    binary.add(name);
                }
            });
            binary.sort(null);
            String attribute = binary.get(random.nextInt(binary.size()));
            byte[] bytes = item.get(attribute).b().asByteArray();
            int bit = random.nextInt(bytes.length * 8);
            bytes[bit / 8] ^= (byte) (1 << (bit % 8));
            item.put(attribute, AttributeValue.fromB(SdkBytes.fromByteArray(bytes)));
            client.putItem(r -> r.tableName(plainTable.tableName()).item(item));
            assertThatThrownBy(() -> table.get(Visit.class, path, ReadConsistency.STRONG))
                    .as("bit %d of %s", bit, attribute).isInstanceOf(UnreadableItemException.class);
        });
    }
}
