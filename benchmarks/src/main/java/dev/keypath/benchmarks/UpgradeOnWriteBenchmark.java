package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * CPU cost of upgrade on write, no network ({@link CannedUpdateClient} answers as DynamoDB would). One update (set
 * the email) of a profile whose type is at version 3: {@code plainTableCurrentItem} on a table without the setting
 * and an item at version 3, the baseline; {@code upgradingTableCurrentItem} the same with {@code upgradeOnWrite}, which
 * should cost the same (only the condition on the stored version differs); {@code upgradingTableOlderItem} on an item
 * stored at version 1, which takes the first update's failed condition with the item it hands back, the upgrade of
 * that item and a second update that also writes it back at version 3. On the wire the last is two requests, the
 * first a failed conditional write; this measures the client's side of it only.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class UpgradeOnWriteBenchmark {
    /** A profile at version 3: a field renamed at version 2, one added at version 3. */
    @ItemType(keyPath = "/user-{userId}/profile-{profileId}", name = "Profile", version = 3)
    public record Profile(UUID userId, long profileId, String fullName, String email, int age, List<String> tags,
                          boolean active) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName"))
                    .version(3, v -> v.added("active", AttributeValue.fromBool(true))));
        }
    }

    private static final UpdateSpec SET_EMAIL = UpdateSpec.of(u -> u.set("email", "ada@example.org"));

    private KeyPathTable plain;
    private KeyPathTable upgradingCurrent;
    private KeyPathTable upgradingOlder;
    private KeyPath path;

    /** Builds the three tables over canned clients and checks each update gives the same profile. */
    @Setup
    public void setup() {
        UUID user = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");
        Profile profile = new Profile(user, 1234, "Ada Lovelace", "ada@example.org", 36, List.of("math", "engines"),
                true);
        path = KeyPath.of("user", user).then("profile", 1234);
        Map<String, AttributeValue> current = Map.copyOf(ItemSchemas.of(Profile.class).toItem(profile));
        Map<String, AttributeValue> older = new HashMap<>(current); // as version 1 stored it
        older.put("name", older.remove("fullName"));
        older.remove("active");
        older.remove("_kp_v");
        older.put("email", AttributeValue.fromS("ada@example.com"));
        UpdateItemResponse updated = UpdateItemResponse.builder().attributes(current).build();
        plain = table(new CannedUpdateClient(null, updated), false);
        upgradingCurrent = table(new CannedUpdateClient(null, updated), true);
        upgradingOlder = table(new CannedUpdateClient(Map.copyOf(older), updated), true);
        Checks.equal(plainTableCurrentItem(), profile, "the plain update");
        Checks.equal(upgradingTableCurrentItem(), profile, "the update of a current item");
        Checks.equal(upgradingTableOlderItem(), profile, "the update that upgrades");
    }

    private static KeyPathTable table(CannedUpdateClient client, boolean upgrade) {
        KeyPathTable.Builder b = KeyPathTables.builder().client(client).tableName("bench").register(Profile.class);
        if (upgrade) {
            b.upgradeOnWrite(Profile.class);
        }
        return b.build();
    }

    /** An update of a current item on a table without upgrade on write. */
    @Benchmark
    public Profile plainTableCurrentItem() {
        return plain.update(Profile.class, path, SET_EMAIL);
    }

    /** An update of a current item on a table that upgrades on write. */
    @Benchmark
    public Profile upgradingTableCurrentItem() {
        return upgradingCurrent.update(Profile.class, path, SET_EMAIL);
    }

    /** An update of an item stored at version 1 on a table that upgrades on write: two attempts and the upgrade. */
    @Benchmark
    public Profile upgradingTableOlderItem() {
        return upgradingOlder.update(Profile.class, path, SET_EMAIL);
    }
}
