package dev.keypath.benchmarks;

import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
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

/**
 * CPU cost of schema versions on the read path, no network. {@code unversioned} reads an item of a type that never
 * changed (version 1: no {@code _kp_v}, the read path as it was before versions); {@code currentVersion} reads the
 * same content as a type at version 3 from an item written at version 3 (one attribute compared); the two should cost
 * the same. {@code upgradeOneVersion} reads an item written at version 2 with the version-3 type (a copy of the
 * attribute map and one rename, then the same mapping), and {@code upgradeOnly} is that upgrade alone
 * ({@code ItemSchema.upgrade}), the cost of one version per item.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class SchemaVersionReadBenchmark {
    /** A profile as a type that never changed stores it. */
    @ItemType(keyPath = "/user-{userId}/profile-{profileId}", name = "Profile")
    public record ProfileV1(UUID userId, long profileId, String fullName, String email, int age, List<String> tags,
                            boolean active) {
    }

    /** The same content at version 3: a field renamed at version 2, one added at version 3. */
    @ItemType(keyPath = "/user-{userId}/profile-{profileId}", name = "Profile", version = 3)
    public record ProfileV3(UUID userId, long profileId, String fullName, String email, int age, List<String> tags,
                            boolean active) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName"))
                    .version(3, v -> v.added("active", AttributeValue.fromBool(true))));
        }
    }

    private ItemSchema<ProfileV1> unversioned;
    private ItemSchema<ProfileV3> versioned;
    private Map<String, AttributeValue> v1Item;
    private Map<String, AttributeValue> v3Item;
    private Map<String, AttributeValue> v2Item;

    /** Builds the schemas and the three stored items, and checks each read gives the same profile. */
    @Setup
    public void setup() {
        UUID user = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");
        unversioned = ItemSchemas.of(ProfileV1.class);
        versioned = ItemSchemas.of(ProfileV3.class);
        v1Item = Map.copyOf(unversioned.toItem(new ProfileV1(user, 1234, "Ada Lovelace", "ada@example.com", 36,
                List.of("math", "engines"), true)));
        v3Item = Map.copyOf(versioned.toItem(new ProfileV3(user, 1234, "Ada Lovelace", "ada@example.com", 36,
                List.of("math", "engines"), true)));
        Map<String, AttributeValue> older = new HashMap<>(v3Item); // version 2 already stores fullName
        older.remove("active");
        older.put("_kp_v", AttributeValue.fromN("2"));
        v2Item = Map.copyOf(older);
        Checks.equal(currentVersion(), upgradeOneVersion(), "an upgraded read");
        Checks.equal(unversioned().fullName(), currentVersion().fullName(), "the unversioned read");
    }

    /** A type at version 1 reading its item: the read path without versions. */
    @Benchmark
    public ProfileV1 unversioned() {
        return unversioned.fromItem(v1Item);
    }

    /** A type at version 3 reading an item written at version 3. */
    @Benchmark
    public ProfileV3 currentVersion() {
        return versioned.fromItem(v3Item);
    }

    /** A type at version 3 reading an item of version 2: one version's upgrade (a field added), then the mapping. */
    @Benchmark
    public ProfileV3 upgradeOneVersion() {
        return versioned.fromItem(v2Item);
    }

    /** The upgrade of one version alone, on the attribute map. */
    @Benchmark
    public Map<String, AttributeValue> upgradeOnly() {
        return versioned.upgrade(v2Item);
    }
}
