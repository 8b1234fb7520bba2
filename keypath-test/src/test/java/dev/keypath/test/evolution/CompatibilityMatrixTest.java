package dev.keypath.test.evolution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidItemHistoryException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.evolution.PersonVersions.Person;
import dev.keypath.test.evolution.PersonVersions.PersonAt;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items written by every version 1…7 of a type ({@link PersonVersions}: rename, add, remove, retype, split, type
 * rename) read by every later version, on DynamoDB Local, one table shared as the releases of one application share
 * theirs. Each cell is checked and counted: version k reads what versions 1…k wrote; version k−1 reads what version k
 * writes under {@code writePreviousVersion} (refused at build for version 4, whose removal cannot be turned back);
 * version k−1 refuses, as unreadable, what version k writes at its own version.
 */
class CompatibilityMatrixTest {
    private static final int K = PersonVersions.NEWEST;
    private static final String TABLE = TestDynamoDb.uniqueTableName("matrix");
    private static final List<KeyPathTable> CURRENT = new ArrayList<>();
    private static final List<KeyPathTable> ROLLING = new ArrayList<>();

    @BeforeAll
    static void tables() {
        DynamoDbClient client = TestDynamoDb.get().client();
        for (int v = 1; v <= K; v++) {
            KeyPathTable t = KeyPathTables.builder().client(client).tableName(TABLE)
                    .register(PersonVersions.CLASSES.get(v - 1)).build();
            if (v == 1) {
                t.bootstrap();
            }
            CURRENT.add(t);
            ROLLING.add(PersonVersions.reversible(v) ? KeyPathTables.builder().client(client).tableName(TABLE)
                    .register(PersonVersions.CLASSES.get(v - 1))
                    .writePreviousVersion(PersonVersions.CLASSES.get(v - 1)).build() : null);
        }
    }

    private static Person person(int seed) {
        return new Person(UUID.randomUUID(), "name " + seed, 20 + seed, "legacy " + seed, "street " + seed,
                "city " + seed, "nick " + seed);
    }

    private static Person read(int reader, KeyPath path) {
        return CURRENT.get(reader - 1).get(PersonVersions.CLASSES.get(reader - 1), path).orElseThrow().person();
    }

    private static KeyPath write(List<KeyPathTable> tables, int writer, Person p) {
        return tables.get(writer - 1).keyPathOf(tables.get(writer - 1).put(PersonVersions.of(writer, p)));
    }

    @Test
    void everyVersionReadsWhatEveryOlderVersionWrote() {
        int cells = 0;
        for (int writer = 1; writer <= K; writer++) {
            Person p = person(writer);
            KeyPath path = write(CURRENT, writer, p);
            for (int reader = writer; reader <= K; reader++) {
                assertThat(read(reader, path)).as("written by %d, read by %d", writer, reader)
                        .isEqualTo(p.readAs(writer, reader));
                cells++;
            }
        }
        assertThat(cells).isEqualTo(K * (K + 1) / 2);
    }

    @Test
    void thePreviousVersionReadsWhatTheNewOneWritesUnderTheRollingSetting() {
        int cells = 0;
        for (int k = 2; k <= K; k++) {
            Person p = person(100 + k);
            if (!PersonVersions.reversible(k)) {
                int version = k;
                assertThatThrownBy(() -> KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE)
                        .register(PersonVersions.CLASSES.get(version - 1))
                        .writePreviousVersion(PersonVersions.CLASSES.get(version - 1)).build())
                        .isInstanceOf(InvalidItemHistoryException.class)
                        .hasMessageContaining("cannot keep writing version " + (k - 1));
                cells++;
                continue;
            }
            KeyPath path = write(ROLLING, k, p);
            assertThat(read(k - 1, path)).as("version %d under the rolling setting, read by %d", k, k - 1)
                    .isEqualTo(p.at(k).at(k - 1));
            assertThat(read(k, path)).as("version %d under the rolling setting, read by itself", k)
                    .isEqualTo(p.at(k).readAs(k - 1, k));
            cells++;
        }
        assertThat(cells).isEqualTo(K - 1);
    }

    @Test
    void thePreviousVersionRefusesWhatTheNewOneWritesAtItsOwnVersion() {
        for (int k = 2; k <= K; k++) {
            KeyPath path = write(CURRENT, k, person(200 + k));
            int reader = k - 1;
            assertThatThrownBy(() -> read(reader, path)).as("version %d's item read by %d", k, reader)
                    .isInstanceOf(UnreadableItemException.class)
                    .hasMessageContaining(k == 7 ? "not registered" : "newer than version " + reader);
        }
    }

    @Test
    void aCollectionReadHandsItemsOfANewerVersionToTheTablesHandler() {
        List<UnreadableItemException> refused = new java.util.concurrent.CopyOnWriteArrayList<>();
        KeyPathTable v2 = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE)
                .register(PersonVersions.V2.class).onUnreadableItem(refused::add).build();
        Person older = person(400);
        Person newer = person(401);
        KeyPath olderPath = write(CURRENT, 2, older);
        KeyPath newerPath = write(CURRENT, 3, newer);
        var read = v2.batchGet(PersonVersions.V2.class, List.of(olderPath, newerPath));
        assertThat(read).containsExactly(PersonVersions.V2.of(older.at(2)));
        assertThat(refused).singleElement().satisfies(e -> {
            assertThat(e.keyPath()).contains(newerPath);
            assertThat(e).hasMessageContaining("at version 3, newer than version 2");
        });
    }

    @Test
    void itemsCarryTheVersionTheyWereWrittenAtAndVersionOneNone() {
        DynamoDbClient client = TestDynamoDb.get().client();
        for (int v = 1; v <= K; v++) {
            KeyPath path = write(CURRENT, v, person(300 + v));
            var stored = client.getItem(b -> b.tableName(TABLE).key(java.util.Map.of(
                    "pk", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(path.partitionKey())),
                    "sk", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(path.sortKey())))))
                    .item();
            if (v == 1) {
                assertThat(stored).doesNotContainKey("_kp_v");
            } else {
                assertThat(stored.get("_kp_v")).isEqualTo(AttributeValue.fromN(Integer.toString(v)));
            }
            assertThat(stored.get("_type").s()).isEqualTo(v == 7 ? "Member" : "Person");
        }
    }
}
