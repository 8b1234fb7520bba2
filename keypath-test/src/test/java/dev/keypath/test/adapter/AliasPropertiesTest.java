package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.adapter.IndexModel.Badge;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Any sequence of puts and deletes of a few items over a few unique codes keeps the aliases exact: a put is
 * refused exactly when another item holds its code, and afterwards every code has an alias item exactly when an
 * item holds it, and leads to that item and to nothing else.
 */
@KeyPathDynamoDb(types = {Badge.class})
class AliasPropertiesTest {
    private static final int ITEMS = 3;
    private static final int CODES = 3;
    private static final AtomicInteger RUNS = new AtomicInteger();

    @Injected
    private static KeyPathTable table;
    @Injected
    private static DynamoDbClient client;

    /** Whether the alias item of {@code alias} is stored, read around the table. */
    private static boolean aliasStored(KeyPath alias) {
        KeyPath key = KeyPath.of("_kp_alias", alias.toString());
        return client.getItem(b -> b.tableName(table.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(key.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(key.sortKey()))))).hasItem();
    }

    /** One write: a delete of an item, or a put of it with one of the codes or none. */
    private record Op(int item, Integer code, boolean delete) {
        static Op of(int n) {
            int item = n % ITEMS;
            int kind = (n / ITEMS) % (CODES + 2);
            return kind == CODES + 1 ? new Op(item, null, true) : new Op(item, kind == CODES ? null : kind, false);
        }
    }

    @Test
    void putsAndDeletesKeepEveryCodeWithTheOneItemThatHoldsIt() {
        qt().withExamples(25).withShrinkCycles(20)
                .forAll(lists().of(integers().between(0, ITEMS * (CODES + 2) - 1)).ofSizeBetween(1, 10))
                .checkAssert(ops -> run(ops.stream().map(Op::of).toList()));
    }

    private static void run(List<Op> ops) {
        long base = (System.nanoTime() & 0xFFFFFFFFL) * 100 + RUNS.incrementAndGet() * 10L;
        String prefix = "p" + base + "-";
        Map<Integer, String> held = new HashMap<>(); // item -> code, for items that exist
        Map<Integer, Boolean> exists = new HashMap<>();
        for (Op op : ops) {
            long id = base + op.item();
            if (op.delete()) {
                table.delete(Badge.class, KeyPath.of("badge", id));
                exists.remove(op.item());
                held.remove(op.item());
                continue;
            }
            String code = op.code() == null ? null : prefix + op.code();
            boolean takenByOther = code != null && held.entrySet().stream()
                    .anyMatch(e -> e.getKey() != op.item() && e.getValue().equals(code));
            try {
                table.put(new Badge(id, code, "l"));
                assertThat(takenByOther).as("put of %s succeeded", op).isFalse();
                exists.put(op.item(), true);
                if (code == null) {
                    held.remove(op.item());
                } else {
                    held.put(op.item(), code);
                }
            } catch (UniqueKeyConflictException e) {
                assertThat(takenByOther).as("put of %s refused", op).isTrue();
                assertThat(e.uniqueKeyPath()).isEqualTo(KeyPath.of("code", code));
            }
        }
        for (int c = 0; c < CODES; c++) {
            String code = prefix + c;
            Integer holder = held.entrySet().stream().filter(e -> e.getValue().equals(code)).map(Map.Entry::getKey)
                    .findFirst().orElse(null);
            var found = table.getByAlias(Badge.class, KeyPath.of("code", code));
            assertThat(aliasStored(KeyPath.of("code", code))).as("alias item of %s", code).isEqualTo(holder != null);
            if (holder == null) {
                assertThat(found).as(code).isEmpty();
            } else {
                assertThat(found).as(code).map(Badge::badgeId).contains(base + holder);
            }
        }
        for (int i = 0; i < ITEMS; i++) {
            var stored = table.get(Badge.class, KeyPath.of("badge", base + i));
            assertThat(stored.isPresent()).isEqualTo(exists.containsKey(i));
            int item = i;
            stored.ifPresent(b -> assertThat(b.code()).isEqualTo(held.get(item)));
        }
    }
}
