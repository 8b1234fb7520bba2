package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.math.BigInteger;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Every supported key-field type is written and read back, by get and by query, against DynamoDB Local. */
@KeyPathDynamoDb(types = {KeyFieldTypesTest.ById.class, KeyFieldTypesTest.AllTypes.class})
class KeyFieldTypesTest {
    enum Color { RED, GREEN }

    @ItemType(keyPath = "/kid-{k}")
    record ById(KeyId k, String s, KeyId other) {
    }

    @ItemType(keyPath = "/all-{p}/l-{l}/i-{i}/sh-{sh}/b-{b}/big-{big}/s-{s}/raw-{raw}/u-{u}/c-{c}")
    record AllTypes(String p, long l, Integer i, short sh, Byte b, BigInteger big, String s, byte[] raw, UUID u,
                    Color c) {
    }

    @Injected
    private KeyPathTable table;

    @Test
    void keyIdFieldsOfEveryIdTypeReadBack() {
        for (KeyId id : List.of(KeyId.of(42), KeyId.of(-7), KeyId.of("text"), KeyId.of("1234"),
                KeyId.of(new byte[] {0, 1, 2, (byte) 0xFF}), KeyId.of(UUID.randomUUID()),
                KeyId.of(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)))) {
            ById item = new ById(id, "value of " + id, KeyId.of("nested-" + id.type()));
            table.put(item);
            assertThat(table.get(ById.class, KeyPath.of("kid", id))).as("get %s", id).contains(item);
            assertThat(table.query(ById.class, ItemQuery.of(q -> q.subtree(KeyPath.of("kid", id)))).items())
                    .as("query %s", id).containsExactly(item);
        }
    }

    @Test
    void everyOtherKeyFieldTypeReadsBack() {
        String p = UUID.randomUUID().toString();
        AllTypes item = new AllTypes(p, Long.MIN_VALUE + 1, -5, (short) 300, (byte) -1,
                BigInteger.ONE.shiftLeft(63), "%weird/text~", new byte[] {0, 1, 2}, UUID.randomUUID(), Color.GREEN);
        table.put(item);
        AllTypes read = table.get(AllTypes.class, table.keyPathOf(item)).orElseThrow();
        assertThat(read).usingRecursiveComparison().isEqualTo(item);
        assertThat(table.query(AllTypes.class, ItemQuery.of(q -> q.subtree(KeyPath.of("all", p)))).items())
                .singleElement().usingRecursiveComparison().isEqualTo(item);
    }
}
