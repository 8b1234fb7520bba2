package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.TestDynamoDb;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stored values of another type than their field: accepted and converted by default (lenient), refused with
 * {@link UnreadableItemException} under strict reads. And what DynamoDB does to a number's scale.
 */
class StrictReadsTest {
    @ItemType(keyPath = "/gauge-{gaugeId}")
    record Gauge(String gaugeId, String label, boolean active, Instant since, BigDecimal reading,
                 @com.fasterxml.jackson.annotation.JsonFormat(shape = com.fasterxml.jackson.annotation.JsonFormat.Shape.STRING)
                 BigDecimal exactReading) {
    }

    private static String tableName;
    private static KeyPathTable lenient;
    private static KeyPathTable strict;

    @BeforeAll
    static void setUp() {
        tableName = TestDynamoDb.uniqueTableName("strict");
        lenient = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(tableName)
                .register(Gauge.class).build();
        lenient.bootstrap();
        strict = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(tableName)
                .register(Gauge.class).strictReads(true).build();
    }

    private static KeyPath writeRaw(String attribute, AttributeValue value) {
        KeyPath path = KeyPath.of("gauge", UUID.randomUUID().toString());
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())));
        item.put("sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        item.put("_type", AttributeValue.fromS("Gauge"));
        item.put(attribute, value);
        TestDynamoDb.get().client().putItem(r -> r.tableName(tableName).item(item));
        return path;
    }

    @Test
    void aNumberInAStringField() {
        KeyPath path = writeRaw("label", AttributeValue.fromN("5"));
        assertThat(lenient.get(Gauge.class, path).orElseThrow().label()).isEqualTo("5");
        assertThatThrownBy(() -> strict.get(Gauge.class, path)).isInstanceOf(UnreadableItemException.class)
                .hasMessageContaining("label").hasMessageContaining(path.toString());
    }

    @Test
    void aNumberInABooleanField() {
        KeyPath path = writeRaw("active", AttributeValue.fromN("1"));
        assertThat(lenient.get(Gauge.class, path).orElseThrow().active()).isTrue();
        assertThatThrownBy(() -> strict.get(Gauge.class, path)).isInstanceOf(UnreadableItemException.class)
                .hasMessageContaining("active");
    }

    @Test
    void aNumberInAnInstantField() {
        KeyPath path = writeRaw("since", AttributeValue.fromN("1700000000"));
        assertThat(lenient.get(Gauge.class, path).orElseThrow().since()).isEqualTo(Instant.ofEpochSecond(1700000000));
        assertThatThrownBy(() -> strict.get(Gauge.class, path)).isInstanceOf(UnreadableItemException.class)
                .hasMessageContaining("since");
    }

    @Test
    void strictReadsAcceptWhatKeypathWrote() {
        Gauge g = new Gauge(UUID.randomUUID().toString(), "boiler", true, Instant.parse("2025-01-02T03:04:05Z"),
                new BigDecimal("1.5"), new BigDecimal("2.50"));
        strict.put(g);
        assertThat(strict.get(Gauge.class, KeyPath.of("gauge", g.gaugeId()))).contains(g);
    }

    @Test
    void dynamoDbDropsTrailingZerosUnlessTheNumberIsStoredAsText() {
        Gauge g = new Gauge(UUID.randomUUID().toString(), "x", false, null, new BigDecimal("100.00"),
                new BigDecimal("100.00"));
        lenient.put(g);
        Gauge read = lenient.get(Gauge.class, KeyPath.of("gauge", g.gaugeId())).orElseThrow();
        assertThat(read.reading()).as("stored as N: the scale is lost").isEqualByComparingTo("100")
                .hasScaleOf(0);
        assertThat(read.exactReading()).as("stored as S: exact").isEqualTo(new BigDecimal("100.00"));
    }
}
