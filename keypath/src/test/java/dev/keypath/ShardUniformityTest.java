package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.LongFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Calculated shards spread 10⁵ ids evenly: Pearson's chi-squared statistic of the shard counts stays below the
 * critical value at significance 0.001 for N − 1 degrees of freedom, for sequential integers, seeded random UUIDs
 * and numbered strings. The ids are fixed, so the outcome is too.
 */
class ShardUniformityTest {
    private static final int IDS = 100_000;

    @ParameterizedTest(name = "{0} shards, {1}")
    @CsvSource({
            "2, integers, 10.828", "4, integers, 16.266", "16, integers, 37.697", "64, integers, 103.442",
            "2, uuids, 10.828", "4, uuids, 16.266", "16, uuids, 37.697", "64, uuids, 103.442",
            "2, strings, 10.828", "4, strings, 16.266", "16, strings, 37.697", "64, strings, 103.442",
    })
    void calculatedShardsAreUniform(int shards, String kind, double critical) {
        Random random = new Random(29);
        LongFunction<KeyId> id = switch (kind) {
            case "integers" -> KeyId::of;
            case "uuids" -> i -> KeyId.of(new UUID(random.nextLong(), random.nextLong()));
            default -> i -> KeyId.of("order-" + i);
        };
        long[] counts = new long[shards];
        for (long i = 0; i < IDS; i++) {
            counts[ShardKeys.calculatedShard(shards, List.of(id.apply(i)))]++;
        }
        assertThat(chiSquared(counts)).as("chi-squared of %s shards", shards).isLessThan(critical);
    }

    @ParameterizedTest(name = "{0} shards")
    @CsvSource({"2, 10.828", "16, 37.697", "64, 103.442"})
    void theTestWouldSeeALopsidedSpread(int shards, double critical) {
        long[] counts = new long[shards];
        for (long i = 0; i < IDS; i++) {
            counts[i % shards == 0 ? 0 : ShardKeys.calculatedShard(shards, List.of(KeyId.of(i)))]++;
        }
        assertThat(chiSquared(counts)).as("a hash that sends every N-th id to shard 0 besides").isGreaterThan(critical);
    }

    static double chiSquared(long[] counts) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        double expected = (double) total / counts.length;
        double chi = 0;
        for (long c : counts) {
            chi += (c - expected) * (c - expected) / expected;
        }
        return chi;
    }
}
